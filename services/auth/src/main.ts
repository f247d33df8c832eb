import 'reflect-metadata';
import { runDistributed } from '@app/host';
import { authDefinition } from './auth.definition';

void runDistributed(authDefinition);
