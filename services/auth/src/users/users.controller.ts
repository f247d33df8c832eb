import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic, contextOf } from '@app/contracts';
import type { ReplyOf } from '@app/contracts';
import { OnEvent, OnRequest } from '@app/messaging';
import type { EventMsg, Msg } from '@app/messaging';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @OnRequest(Topic.UsersList)
  list(@Payload() msg: Msg<Topic.UsersList>): Promise<ReplyOf<Topic.UsersList>> {
    return this.users.list(contextOf(msg));
  }

  @OnRequest(Topic.UsersSetStatus)
  setStatus(@Payload() msg: Msg<Topic.UsersSetStatus>): Promise<ReplyOf<Topic.UsersSetStatus>> {
    return this.users.setStatus(contextOf(msg), msg.payload.id, msg.payload.is_active);
  }

  @OnRequest(Topic.UsersDelete)
  delete(@Payload() msg: Msg<Topic.UsersDelete>): Promise<ReplyOf<Topic.UsersDelete>> {
    return this.users.delete(contextOf(msg), msg.payload.id);
  }

  @OnEvent(Topic.UserDeleted)
  onUserDeleted(@Payload() msg: EventMsg<Topic.UserDeleted>): Promise<void> {
    return this.users.onUserDeleted(msg.payload.userId);
  }
}
