import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { Group } from './entities/group.entity';
import { GroupConnection } from './entities/group-connection.entity';

/** A member connection as a group card shows it. */
export interface MemberRow {
  group_id: string;
  id: string;
  nickname: string;
  username: string | null;
  environment: 'demo' | 'live';
}

/** Groups and their members; every query is scoped by the owner's user id. */
@Injectable()
export class GroupsRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  list(userId: string): Promise<Group[]> {
    return this.dataSource.manager.find(Group, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findOne(userId: string, id: string, em: EntityManager = this.dataSource.manager): Promise<Group | null> {
    return em.findOne(Group, { where: { id, userId } });
  }

  async nameTaken(
    userId: string,
    name: string,
    exceptId: string | null,
    em: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const rows = await em.query<unknown[]>(
      'SELECT 1 FROM trading.groups WHERE user_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)',
      [userId, name, exceptId],
    );
    return rows.length > 0;
  }

  insert(userId: string, name: string, em: EntityManager = this.dataSource.manager): Promise<Group> {
    return em.save(em.create(Group, { userId, name }));
  }

  async rename(group: Group, name: string, em: EntityManager): Promise<void> {
    group.name = name;
    await em.save(group);
  }

  async setMembers(groupId: string, connectionIds: string[], em: EntityManager): Promise<void> {
    await em.delete(GroupConnection, { groupId });
    if (connectionIds.length > 0) {
      await em.insert(
        GroupConnection,
        connectionIds.map((connectionId, position) => ({ groupId, connectionId, position })),
      );
    }
  }

  /** Which of these connection ids are the user's (as trading knows them). */
  async ownConnectionIds(userId: string, ids: string[], em: EntityManager): Promise<Set<string>> {
    const rows = await em.query<
      {
        id: string;
      }[]
    >('SELECT id FROM trading.connections WHERE user_id = $1 AND id = ANY($2::uuid[])', [userId, ids]);
    return new Set(rows.map((r) => r.id));
  }

  async members(groupIds: string[]): Promise<MemberRow[]> {
    if (groupIds.length === 0) {
      return [];
    }
    return await this.dataSource.query<MemberRow[]>(
      `SELECT gc.group_id, c.id, c.nickname, c.username, c.environment
       FROM trading.group_connections gc JOIN trading.connections c ON c.id = gc.connection_id
       WHERE gc.group_id = ANY($1::uuid[]) ORDER BY gc.position`,
      [groupIds],
    );
  }

  async remove(userId: string, id: string, em: EntityManager): Promise<boolean> {
    const result = await em.delete(Group, { id, userId });
    return (result.affected ?? 0) > 0;
  }
}
