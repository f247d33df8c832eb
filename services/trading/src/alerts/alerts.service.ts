import { Injectable } from '@nestjs/common';
import { DomainError, MAX_ACTIVE_ALERTS } from '@app/contracts';
import type { AlertV1, CreateAlertV1, MessageContext, UpdateAlertV1 } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { RoutesService } from '../routes/routes.service';
import { toAlertView } from './alert.view';
import { AlertsRepository } from './alerts.repository';
import { Alert } from './entities/alert.entity';

const limitReached = () =>
  new DomainError(
    'ALERT_LIMIT_REACHED',
    `You can have at most ${MAX_ACTIVE_ALERTS} active alerts. Deactivate or delete one first.`,
  );
const notFound = () => new DomainError('NOT_FOUND', 'Alert not found');

type Changes = Omit<UpdateAlertV1, 'id'>;

/** Trading alerts: what a webhook trades and on which accounts. */
@Injectable()
export class AlertsService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly routes: RoutesService,
  ) {}

  async list(userId: string): Promise<AlertV1[]> {
    return (await this.alerts.list(userId)).map(toAlertView);
  }

  async create(userId: string, body: CreateAlertV1, ctx: MessageContext): Promise<AlertV1> {
    const id = await this.alerts.dataSource.transaction(async (em) => {
      await this.alerts.lockUser(userId, em);
      if (body.status === 'active') {
        await this.assertBelowLimit(userId, em);
      }
      await this.assertOwnDestinations(userId, body, em);
      const { groupIds, accountIds, ...fields } = body;
      const alert = await this.alerts.save(em.create(Alert, { ...fields, userId }), em);
      await this.alerts.setGroups(alert.id, groupIds, em);
      await this.alerts.setAccounts(alert.id, accountIds, em);
      await this.routes.stage(em, [alert.id], userId, ctx);
      return alert.id;
    });
    await this.routes.flush();
    return this.view(userId, id);
  }

  async update(userId: string, id: string, changes: Changes, ctx: MessageContext): Promise<AlertV1> {
    await this.alerts.dataSource.transaction(async (em) => {
      await this.alerts.lockUser(userId, em);
      const alert = await this.alerts.findOne(userId, id, em);
      if (!alert) {
        throw notFound();
      }
      if (changes.status === 'active' && alert.status !== 'active') {
        await this.assertBelowLimit(userId, em);
      }
      await this.assertOwnDestinations(userId, changes, em);
      const { groupIds, accountIds, ...fields } = changes;
      const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      // Always saved, so updatedAt moves even when only the destinations changed.
      await this.alerts.save(Object.assign(alert, defined, { updatedAt: new Date() }), em);
      if (groupIds !== undefined) {
        await this.alerts.setGroups(id, groupIds, em);
      }
      if (accountIds !== undefined) {
        await this.alerts.setAccounts(id, accountIds, em);
      }
      await this.routes.stage(em, [id], userId, ctx);
    });
    await this.routes.flush();
    return this.view(userId, id);
  }

  async remove(userId: string, id: string, ctx: MessageContext): Promise<{ id: string }> {
    await this.alerts.dataSource.transaction(async (em) => {
      if (!(await this.alerts.remove(userId, id, em))) {
        throw notFound();
      }
      await this.routes.stageRemoved(em, [id], userId, ctx);
    });
    await this.routes.flush();
    return { id };
  }

  private async view(userId: string, id: string): Promise<AlertV1> {
    const [record] = await this.alerts.list(userId, [id]);
    if (!record) {
      throw notFound();
    }
    return toAlertView(record);
  }

  private async assertBelowLimit(userId: string, em: EntityManager): Promise<void> {
    if ((await this.alerts.countActive(userId, em)) >= MAX_ACTIVE_ALERTS) {
      throw limitReached();
    }
  }

  /** Every group and account id must be the caller's; the detail names each one that is not. */
  private async assertOwnDestinations(
    userId: string,
    body: { groupIds?: string[]; accountIds?: string[] },
    em: EntityManager,
  ): Promise<void> {
    const problems: { msg: string; loc: string }[] = [];
    for (const [table, field, label] of [
      ['groups', 'groupIds', 'group'],
      ['accounts', 'accountIds', 'account'],
    ] as const) {
      const ids = body[field] ?? [];
      const own = await this.alerts.ownIds(table, userId, ids, em);
      problems.push(...ids.filter((i) => !own.has(i)).map((i) => ({ msg: `Unknown ${label}: ${i}`, loc: field })));
    }
    if (problems.length > 0) {
      throw new DomainError('UNPROCESSABLE', problems.map((p) => p.msg).join('; '), problems);
    }
  }
}
