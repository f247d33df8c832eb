import { Module } from '@nestjs/common';
import { RoutesModule } from '../routes/routes.module';
import { AlertsController } from './alerts.controller';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';

@Module({
  imports: [RoutesModule],
  controllers: [AlertsController],
  providers: [AlertsRepository, AlertsService],
})
export class AlertsModule {}
