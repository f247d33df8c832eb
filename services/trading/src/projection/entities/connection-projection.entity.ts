import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A broker connection as trading knows it, from the connections service's events (never its tables). */
@Entity({ schema: 'trading', name: 'connections' })
export class ConnectionProjection {
  /** The connections service's id. */
  @PrimaryColumn('uuid')
  id!: string;

  @Index('IDX_trading_connections_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  nickname!: string;

  @Column('text', { nullable: true })
  username!: string | null;

  @Column('text')
  environment!: 'demo' | 'live';

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
