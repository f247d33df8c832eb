import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ schema: 'trading', name: 'alerts' })
@Index('IDX_trading_alerts_user_status', ['userId', 'status'])
export class Alert {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  symbol!: string | null;

  /** The broker's contract id. */
  @Column('integer', { name: 'symbol_id', nullable: true })
  symbolId!: number | null;

  @Column('text')
  status!: 'active' | 'inactive';

  @Column('text')
  source!: 'external' | 'internal';

  @Column('boolean', { name: 'atm_enabled', default: false })
  atmEnabled!: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
