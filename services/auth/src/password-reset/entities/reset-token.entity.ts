import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Auth_SCHEMA } from '../../migrations/schema';

/** A password reset token; only its sha256 travels to the database, the token itself to the user. */
@Entity({ schema: Auth_SCHEMA, name: 'reset_tokens' })
export class ResetTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('reset_tokens_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Index('reset_tokens_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
