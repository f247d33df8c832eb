import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SymbolsModule } from '../symbols/symbols.module';
import { TradovateOAuthModule } from '../tradovate-oauth/tradovate-oauth.module';
import { ConnectionsModule } from './connections.module';

/** Everything the connections service answers, as one import for gateway.module.ts. */
@Module({ imports: [ConnectionsModule, TradovateOAuthModule, AccountsModule, SymbolsModule] })
export class ConnectionsAreaModule {}
