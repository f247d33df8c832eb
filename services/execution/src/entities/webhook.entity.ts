import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LogEventV1, WebhookRefusalV1, WebhookResultV1 } from '@app/contracts';
import { Execution_SCHEMA } from '../migrations/schema';
import type { OrderAttempt } from './order-attempt';

/** received → completed | partial | failed; or rejected / duplicate. (`processing`: rows of versions before 2026-11-25, unfinished like `received`.) */
export type WebhookStatus = 'received' | 'processing' | 'completed' | 'partial' | 'failed' | 'rejected' | 'duplicate';

/** A webhook still to finish: listed in `unfinished_webhooks` for the resume sweep while it has this status. */
export const isUnfinished = (status: WebhookStatus): boolean => status === 'received' || status === 'processing';

/** Whether a row executes its request (`executes`): everything but a rejection or a duplicate record. */
export const executes = (status: WebhookStatus): boolean => status !== 'rejected' && status !== 'duplicate';

/** One received webhook: the durable record of the fan-out and the user's trade log entry. */
@Entity({ schema: Execution_SCHEMA, name: 'webhooks' })
@Index('ix_webhooks_user_created', ['userId', 'createdAt'])
export class WebhookEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Index('ix_webhooks_request_id')
  @Column('text', { name: 'request_id' })
  requestId!: string;

  @Column('uuid', { name: 'alert_id', nullable: true })
  alertId!: string | null;

  @Column('text', { name: 'alert_name', nullable: true })
  alertName!: string | null;

  @Column('text', { nullable: true })
  symbol!: string | null;

  @Column('text', { nullable: true })
  action!: string | null;

  @Column('text')
  status!: WebhookStatus;

  /**
   * The row executes its request (it is not a rejection or a duplicate record): set with the row, never changed, so
   * that the exactly-once index (`uq_webhooks_request_executes`) does not name `status` and the outcome's update
   * stays on the row's page (WebhooksHotUpdates1764500000000).
   */
  @Column('boolean', { default: false })
  executes!: boolean;

  @Column('integer', { name: 'http_status', nullable: true })
  httpStatus!: number | null;

  /** The parsed JSON body, or the raw text when it was not JSON. */
  @Column('jsonb')
  request!: unknown;

  /** The raw body, kept to resume processing after a crash. */
  @Column('text', { name: 'raw_body' })
  rawBody!: string;

  @Column('text', { name: 'body_hash' })
  bodyHash!: string;

  /** The answer as sent: an outcome or a refusal (null until the webhook has one). */
  @Column('jsonb', { nullable: true })
  response!: WebhookResultV1 | WebhookRefusalV1 | null;

  /** The instance working on it while unfinished, until claim_expires (renewed as it works). */
  @Column('text', { name: 'claimed_by', nullable: true })
  claimedBy!: string | null;

  @Column('timestamptz', { name: 'claim_expires', nullable: true })
  claimExpires!: Date | null;

  @Column('jsonb', { default: () => "'[]'::jsonb" })
  events!: LogEventV1[];

  /**
   * Its broker calls, one per account and leg, each with its outcome: written by the fan-out's closing write, with
   * the row's final state (empty on a rejection or a duplicate record, and until then).
   */
  @Column('jsonb', { default: () => "'[]'::jsonb" })
  attempts!: OrderAttempt[];

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
