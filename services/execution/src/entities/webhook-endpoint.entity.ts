import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Execution_SCHEMA } from '../migrations/schema';

/** One webhook URL per user: the secret's sha256 finds it, the sealed secret shows the URL again. */
@Entity({ schema: Execution_SCHEMA, name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('uq_webhook_endpoints_user', { unique: true })
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Index('uq_webhook_endpoints_hash', { unique: true })
  @Column('text', { name: 'secret_hash' })
  secretHash!: string;

  @Column('text', { name: 'secret_encrypted' })
  secretEncrypted!: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
