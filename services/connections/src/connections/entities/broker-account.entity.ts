import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Environment } from '@app/contracts';

/** A Tradovate account read through a connection. Our `id` stays stable across re-syncs (alerts point at it). */
@Entity({ schema: 'connections', name: 'broker_accounts' })
@Index('ix_broker_accounts_user', ['userId'])
@Index('ux_broker_accounts_connection_account', ['connectionId', 'environment', 'brokerAccountId'], { unique: true })
export class BrokerAccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'connection_id', type: 'uuid' })
  connectionId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'broker_account_id', type: 'integer' })
  brokerAccountId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'account_type', type: 'text' })
  accountType!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
