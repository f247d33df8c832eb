import { Module } from '@nestjs/common';
import { SymbolsController } from './symbols.controller';

@Module({ controllers: [SymbolsController] })
export class SymbolsModule {}
