import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A group an alert routes to; `position` keeps the order the user chose. */
@Entity({ schema: 'trading', name: 'alert_groups' })
export class AlertGroup {
  @PrimaryColumn('uuid', { name: 'alert_id' })
  alertId!: string;

  @Index('IDX_trading_alert_groups_group')
  @PrimaryColumn('uuid', { name: 'group_id' })
  groupId!: string;

  @Column('integer')
  position!: number;
}
