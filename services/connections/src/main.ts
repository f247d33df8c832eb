import 'reflect-metadata';
import { runDistributed } from '@app/host';
import { connectionsDefinition } from './connections.definition';

void runDistributed(connectionsDefinition);
