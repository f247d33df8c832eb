import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic, contextOf } from '@app/contracts';
import type { GroupV1 } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { userOf } from '../shared/user-of';
import { GroupsService } from './groups.service';

@Controller()
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @OnRequest(Topic.GroupsList)
  list(@Payload() msg: Msg<Topic.GroupsList>): Promise<GroupV1[]> {
    return this.groups.list(userOf(msg));
  }

  @OnRequest(Topic.GroupsCreate)
  create(@Payload() msg: Msg<Topic.GroupsCreate>): Promise<GroupV1> {
    return this.groups.create(userOf(msg), msg.payload.name);
  }

  @OnRequest(Topic.GroupsUpdate)
  update(@Payload() msg: Msg<Topic.GroupsUpdate>): Promise<GroupV1> {
    const { id, ...changes } = msg.payload;
    return this.groups.update(userOf(msg), id, changes, contextOf(msg));
  }

  @OnRequest(Topic.GroupsDelete)
  remove(@Payload() msg: Msg<Topic.GroupsDelete>): Promise<{ id: string }> {
    return this.groups.remove(userOf(msg), msg.payload.id, contextOf(msg));
  }
}
