import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Membership of a connection in a group; `position` keeps the order the user chose. */
@Entity({ schema: 'trading', name: 'group_connections' })
export class GroupConnection {
  @PrimaryColumn('uuid', { name: 'group_id' })
  groupId!: string;

  @Index('IDX_trading_group_connections_connection')
  @PrimaryColumn('uuid', { name: 'connection_id' })
  connectionId!: string;

  @Column('integer')
  position!: number;
}
