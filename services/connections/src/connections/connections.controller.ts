import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic, contextOf } from '@app/contracts';
import type { AccountV1, BrokerCheckResultV1, BrokerSessionV1, ConnectionV1 } from '@app/contracts';
import { OnEvent, OnRequest } from '@app/messaging';
import type { EventMsg, Msg } from '@app/messaging';
import { ConnectionSyncService } from './connection-sync.service';
import { ConnectionsService } from './connections.service';

/** Every handler acts for `msg.userId` (set by the gateway from the token) and sees only that user's rows. */
@Controller()
export class ConnectionsController {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly sync: ConnectionSyncService,
  ) {}

  @OnRequest(Topic.ConnectionsList)
  list(@Payload() msg: Msg<Topic.ConnectionsList>): Promise<ConnectionV1[]> {
    return this.connections.list(msg.userId);
  }

  @OnRequest(Topic.ConnectionsCreate)
  create(@Payload() msg: Msg<Topic.ConnectionsCreate>): Promise<ConnectionV1> {
    return this.connections.create(msg.userId, msg.payload, contextOf(msg));
  }

  @OnRequest(Topic.ConnectionsUpdate)
  update(@Payload() msg: Msg<Topic.ConnectionsUpdate>): Promise<ConnectionV1> {
    return this.connections.update(msg.userId, msg.payload, contextOf(msg));
  }

  @OnRequest(Topic.ConnectionsDelete)
  remove(@Payload() msg: Msg<Topic.ConnectionsDelete>): Promise<{ success: true }> {
    return this.connections.remove(msg.userId, msg.payload.id, contextOf(msg));
  }

  @OnRequest(Topic.ConnectionsTest)
  test(@Payload() msg: Msg<Topic.ConnectionsTest>): Promise<BrokerCheckResultV1> {
    return this.sync.test(msg.userId, msg.payload.id, contextOf(msg));
  }

  @OnRequest(Topic.ConnectionsRefresh)
  refresh(@Payload() msg: Msg<Topic.ConnectionsRefresh>): Promise<BrokerCheckResultV1> {
    return this.sync.refresh(msg.userId, msg.payload.id, contextOf(msg));
  }

  @OnRequest(Topic.ConnectionsBrokerSession)
  session(@Payload() msg: Msg<Topic.ConnectionsBrokerSession>): Promise<BrokerSessionV1> {
    return this.sync.session(msg.userId, msg.payload.connectionId, msg.payload.forceRenew ?? false, contextOf(msg));
  }

  @OnRequest(Topic.AccountsList)
  accounts(@Payload() msg: Msg<Topic.AccountsList>): Promise<AccountV1[]> {
    return this.connections.accounts(msg.userId);
  }

  @OnEvent(Topic.UserDeleted)
  async onUserDeleted(@Payload() msg: EventMsg<Topic.UserDeleted>): Promise<void> {
    await this.connections.removeUser(msg.payload.userId, contextOf(msg));
  }
}
