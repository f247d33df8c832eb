import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BrokerTokens } from '../broker/broker-tokens';
import { TradovateClientCloser, secretBoxProvider, tradovateClientProvider } from '../broker/broker.providers';
import { OAuthController } from '../oauth/oauth.controller';
import { OAuthService } from '../oauth/oauth.service';
import { SymbolsController } from '../symbols/symbols.controller';
import { SymbolsService } from '../symbols/symbols.service';
import { ConnectionEvents } from './connection.events';
import { ConnectionSyncService } from './connection-sync.service';
import { ConnectionsController } from './connections.controller';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionsService } from './connections.service';
import { BrokerAccountEntity } from './entities/broker-account.entity';
import { ConnectionEntity } from './entities/connection.entity';

/** Connections, their accounts, OAuth and symbol search: everything that holds or uses broker logins. */
@Module({
  imports: [TypeOrmModule.forFeature([ConnectionEntity, BrokerAccountEntity])],
  controllers: [ConnectionsController, OAuthController, SymbolsController],
  providers: [
    secretBoxProvider,
    tradovateClientProvider,
    TradovateClientCloser,
    BrokerTokens,
    ConnectionsRepository,
    ConnectionEvents,
    ConnectionsService,
    ConnectionSyncService,
    OAuthService,
    SymbolsService,
  ],
})
export class ConnectionsFeatureModule {}
