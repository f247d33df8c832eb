import 'reflect-metadata';
import { runDistributed } from '@app/host';
import { tradingDefinition } from './trading.definition';

void runDistributed(tradingDefinition);
