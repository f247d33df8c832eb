import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ConnectionStatus, Environment } from '@app/contracts';

export type AuthType = 'credentials' | 'oauth';

/** A user's link to Tradovate. Secrets (`*_enc`) are SecretBox-sealed; nothing here is plaintext. */
@Entity({ schema: 'connections', name: 'connections' })
@Index('ix_connections_user', ['userId'])
export class ConnectionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  nickname!: string;

  @Column({ type: 'text', nullable: true })
  username!: string | null;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'auth_type', type: 'text' })
  authType!: AuthType;

  @Column({ name: 'password_enc', type: 'text', nullable: true })
  passwordEnc!: string | null;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  @Column({ name: 'app_version', type: 'text' })
  appVersion!: string;

  @Column({ name: 'device_id', type: 'text' })
  deviceId!: string;

  @Column({ type: 'integer', nullable: true })
  cid!: number | null;

  @Column({ name: 'sec_enc', type: 'text', nullable: true })
  secEnc!: string | null;

  @Column({ type: 'text' })
  status!: ConnectionStatus;

  @Column({ name: 'connected_accounts', type: 'jsonb', default: () => "'[]'::jsonb" })
  connectedAccounts!: string[];

  @Column({ name: 'last_sync_at', type: 'timestamptz', nullable: true })
  lastSyncAt!: Date | null;

  @Column({ name: 'access_token_enc', type: 'text', nullable: true })
  accessTokenEnc!: string | null;

  @Column({ name: 'token_expires_at', type: 'timestamptz', nullable: true })
  tokenExpiresAt!: Date | null;

  @Column({ name: 'refresh_token_enc', type: 'text', nullable: true })
  refreshTokenEnc!: string | null;

  /** Tradovate's user id, for OAuth connections (one per broker user and product user). */
  @Column({ name: 'broker_user_id', type: 'integer', nullable: true })
  brokerUserId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
