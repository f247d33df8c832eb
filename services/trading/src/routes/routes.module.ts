import { Module } from '@nestjs/common';
import { RouteOutboxRepository } from './route-outbox.repository';
import { RoutesController } from './routes.controller';
import { RoutesRepository } from './routes.repository';
import { RoutesService } from './routes.service';

/** Alert routes: resolved targets, published as events and answered on request. */
@Module({
  controllers: [RoutesController],
  providers: [RoutesRepository, RouteOutboxRepository, RoutesService],
  exports: [RoutesService, RoutesRepository],
})
export class RoutesModule {}
