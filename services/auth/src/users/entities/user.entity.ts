import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Auth_SCHEMA } from '../../migrations/schema';

@Entity({ schema: Auth_SCHEMA, name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored lower-case and trimmed; unique. */
  @Index('users_email_key', { unique: true })
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'is_active', type: 'boolean', default: false })
  isActive!: boolean;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin!: Date | null;

  /** Tokens issued before this instant are refused (set on password reset and deactivation). */
  @Column({ name: 'sessions_valid_after', type: 'timestamptz', nullable: true })
  sessionsValidAfter!: Date | null;
}
