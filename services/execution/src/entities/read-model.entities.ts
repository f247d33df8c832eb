import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AlertRouteChangedV1, BrokerAccountV1 } from '@app/contracts';
import { Execution_SCHEMA } from '../migrations/schema';

/** Read model of trading's alert routes (AlertRouteChanged / AlertRemoved). */
@Entity({ schema: Execution_SCHEMA, name: 'alert_routes' })
export class AlertRouteEntity {
  @PrimaryColumn('uuid', { name: 'alert_id' })
  alertId!: string;

  @Index('ix_alert_routes_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('jsonb')
  route!: AlertRouteChangedV1;
}

/** Read model of connections (ConnectionChanged / ConnectionRemoved): accounts and the sealed token. */
@Entity({ schema: Execution_SCHEMA, name: 'broker_connections' })
export class BrokerConnectionEntity {
  @PrimaryColumn('uuid', { name: 'connection_id' })
  connectionId!: string;

  @Index('ix_broker_connections_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  environment!: 'demo' | 'live';

  @Column('jsonb')
  accounts!: BrokerAccountV1[];

  @Column('text', { name: 'access_token_encrypted', nullable: true })
  accessTokenEncrypted!: string | null;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt!: Date | null;
}

/** Rejections nobody owns (unknown secret): kept for operators, shown to no user. */
@Entity({ schema: Execution_SCHEMA, name: 'system_rejections' })
export class SystemRejectionEntity {
  @PrimaryColumn('uuid', { default: () => 'gen_random_uuid()' })
  id!: string;

  @Column('text', { name: 'request_id' })
  requestId!: string;

  @Column('text')
  reason!: string;

  @Index('ix_system_rejections_created')
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A user whose account an administrator rejected or deactivated (auth's status events): their webhooks are refused. */
@Entity({ schema: Execution_SCHEMA, name: 'inactive_users' })
export class InactiveUserEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('timestamptz', { default: () => 'now()' })
  since!: Date;
}
