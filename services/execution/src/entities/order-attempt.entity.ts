import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Execution_SCHEMA } from '../migrations/schema';

export type BrokerCallKind = 'order' | 'oso' | 'oco' | 'liquidate';

/** One broker call for one account of one webhook, journalled with its outcome (rows of versions before 2026-11-25 may be `pending`: written before the call was sent). */
@Entity({ schema: Execution_SCHEMA, name: 'order_attempts' })
export class OrderAttemptEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('ix_order_attempts_webhook')
  @Column('uuid', { name: 'webhook_id' })
  webhookId!: string;

  @Index('ix_order_attempts_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text', { name: 'account_name' })
  accountName!: string;

  @Column('uuid', { name: 'connection_id' })
  connectionId!: string;

  @Index('uq_order_attempts_cl_ord_id', { unique: true })
  @Column('text', { name: 'cl_ord_id' })
  clOrdId!: string;

  @Column('text')
  kind!: BrokerCallKind;

  /** The exact Tradovate request body (resent identically on resume). */
  @Column('jsonb')
  request!: Record<string, unknown>;

  @Column('text')
  status!: 'pending' | 'placed' | 'failed';

  @Column('integer', { name: 'order_id', nullable: true })
  orderId!: number | null;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('integer', { name: 'duration_ms', nullable: true })
  durationMs!: number | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
