import { Injectable } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import type { GroupV1, MessageContext } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { RoutesRepository } from '../routes/routes.repository';
import { RoutesService } from '../routes/routes.service';
import { isUniqueViolation } from '../shared/pg-errors';
import { toGroupView } from './group.view';
import { GroupsRepository } from './groups.repository';

const nameTaken = (name: string) => new DomainError('GROUP_NAME_TAKEN', `You already have a group named "${name}".`);
const notFound = () => new DomainError('NOT_FOUND', 'Group not found');

/** Trading groups: named sets of the user's own connections. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly routesRepository: RoutesRepository,
    private readonly routes: RoutesService,
  ) {}

  async list(userId: string): Promise<GroupV1[]> {
    const groups = await this.groups.list(userId);
    const members = await this.groups.members(groups.map((g) => g.id));
    return groups.map((g) => toGroupView(g, members));
  }

  async create(userId: string, name: string): Promise<GroupV1> {
    if (await this.groups.nameTaken(userId, name, null)) {
      throw nameTaken(name);
    }
    // The unique index decides between two concurrent creates of the same name.
    const group = await this.groups.insert(userId, name).catch((err: unknown) => {
      throw isUniqueViolation(err) ? nameTaken(name) : err;
    });
    return toGroupView(group, []);
  }

  async update(
    userId: string,
    id: string,
    changes: { name?: string; connection_ids?: string[] },
    ctx: MessageContext,
  ): Promise<GroupV1> {
    await this.groups.dataSource
      .transaction(async (em) => {
        const group = await this.groups.findOne(userId, id, em);
        if (!group) {
          throw notFound();
        }
        if (changes.name !== undefined && changes.name !== group.name) {
          if (await this.groups.nameTaken(userId, changes.name, id, em)) {
            throw nameTaken(changes.name);
          }
          await this.groups.rename(group, changes.name, em);
        }
        if (changes.connection_ids === undefined) {
          return;
        }
        await this.assertOwnConnections(userId, changes.connection_ids, em);
        await this.groups.setMembers(id, changes.connection_ids, em);
        await this.routes.stage(em, await this.routesRepository.alertsUsingGroups([id], em), userId, ctx);
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? nameTaken(changes.name ?? '') : err;
      });
    await this.routes.flush();
    return this.view(userId, id);
  }

  async remove(userId: string, id: string, ctx: MessageContext): Promise<{ id: string }> {
    await this.groups.dataSource.transaction(async (em) => {
      const touched = await this.routesRepository.alertsUsingGroups([id], em);
      if (!(await this.groups.remove(userId, id, em))) {
        throw notFound();
      }
      await this.routes.stage(em, touched, userId, ctx);
    });
    await this.routes.flush();
    return { id };
  }

  private async view(userId: string, id: string): Promise<GroupV1> {
    const group = await this.groups.findOne(userId, id);
    if (!group) {
      throw notFound();
    }
    return toGroupView(group, await this.groups.members([id]));
  }

  /** Only the caller's own connections can be members; the detail names every id that is not. */
  private async assertOwnConnections(userId: string, ids: string[], em: EntityManager): Promise<void> {
    const own = await this.groups.ownConnectionIds(userId, ids, em);
    const unknown = ids.filter((i) => !own.has(i));
    if (unknown.length > 0) {
      throw new DomainError('UNPROCESSABLE', `Unknown connection: ${unknown.join(', ')}`, [
        ...unknown.map((i) => ({ msg: `Unknown connection: ${i}`, loc: 'connection_ids' })),
      ]);
    }
  }
}
