import { Module } from '@nestjs/common';
import { RoutesModule } from '../routes/routes.module';
import { ProjectionController } from './projection.controller';
import { ProjectionRepository } from './projection.repository';
import { ProjectionService } from './projection.service';

/** Connections and accounts as the connections service announces them; user deletion. */
@Module({
  imports: [RoutesModule],
  controllers: [ProjectionController],
  providers: [ProjectionRepository, ProjectionService],
})
export class ProjectionModule {}
