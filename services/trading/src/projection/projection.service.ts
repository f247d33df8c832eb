import { Injectable } from '@nestjs/common';
import type { ConnectionChangedV1, MessageContext } from '@app/contracts';
import { RoutesRepository } from '../routes/routes.repository';
import { RoutesService } from '../routes/routes.service';
import { ProjectionRepository } from './projection.repository';

/**
 * Keeps trading's copy of connections and accounts in step with the connections service, and
 * republishes the routes of the alerts a change touches.
 */
@Injectable()
export class ProjectionService {
  constructor(
    private readonly projection: ProjectionRepository,
    private readonly routesRepository: RoutesRepository,
    private readonly routes: RoutesService,
  ) {}

  async connectionChanged(c: ConnectionChangedV1, ctx: MessageContext): Promise<void> {
    await this.projection.dataSource.transaction(async (em) => {
      const before = await this.projection.accountIdsOf(c.connectionId, em);
      const after = new Set(c.accounts.map((a) => a.id));
      // Token refreshes re-send the connection unchanged: only a changed account set moves routes.
      const accountsChanged = before.length !== after.size || before.some((id) => !after.has(id));
      const touched = accountsChanged ? await this.routesRepository.alertsUsingConnection(c.connectionId, em) : [];
      await this.projection.saveConnection(c, em);
      await this.routes.stage(em, touched, c.userId, ctx);
    });
    await this.routes.flush();
  }

  async connectionRemoved(connectionId: string, userId: string, ctx: MessageContext): Promise<void> {
    await this.projection.dataSource.transaction(async (em) => {
      const touched = await this.routesRepository.alertsUsingConnection(connectionId, em);
      await this.projection.removeConnection(connectionId, userId, em);
      await this.routes.stage(em, touched, userId, ctx);
    });
    await this.routes.flush();
  }

  async userDeleted(userId: string, ctx: MessageContext): Promise<void> {
    await this.projection.dataSource.transaction(async (em) => {
      const removed = await this.projection.removeUser(userId, em);
      await this.routes.stageRemoved(em, removed, userId, ctx);
    });
    await this.routes.flush();
  }
}
