import 'reflect-metadata';
import { runDistributed } from '@app/host';
import { executionDefinition } from './execution.definition';

void runDistributed(executionDefinition);
