import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An account an alert routes to directly; `position` keeps the order the user chose. */
@Entity({ schema: 'trading', name: 'alert_accounts' })
export class AlertAccount {
  @PrimaryColumn('uuid', { name: 'alert_id' })
  alertId!: string;

  @Index('IDX_trading_alert_accounts_account')
  @PrimaryColumn('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('integer')
  position!: number;
}
