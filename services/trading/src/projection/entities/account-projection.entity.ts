import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A broker account of a projected connection; `id` is the product's account id, not Tradovate's. */
@Entity({ schema: 'trading', name: 'accounts' })
export class AccountProjection {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('IDX_trading_accounts_connection')
  @Column('uuid', { name: 'connection_id' })
  connectionId!: string;

  @Index('IDX_trading_accounts_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  name!: string;

  @Column('text', { name: 'account_type' })
  accountType!: string;

  @Column('text')
  environment!: 'demo' | 'live';
}
