import { Module } from '@nestjs/common';
import { RoutesModule } from '../routes/routes.module';
import { GroupsController } from './groups.controller';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

@Module({
  imports: [RoutesModule],
  controllers: [GroupsController],
  providers: [GroupsRepository, GroupsService],
})
export class GroupsModule {}
