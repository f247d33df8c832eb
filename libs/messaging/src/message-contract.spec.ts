import { SetMetadata } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic } from '@app/contracts';
import { OnRequest } from './handlers';
import type { Msg } from './handlers';

class Sessions {
  // Decorators below OnRequest run first and record their metadata on the handler it then wraps.
  @OnRequest(Topic.AuthVerifySession)
  @SetMetadata('audit', 'sessions')
  verify(@Payload() msg: Msg<Topic.AuthVerifySession>) {
    return msg.payload.userId;
  }
}

describe('underContract', () => {
  it('should keep what other decorators recorded on the handler, and its name', () => {
    const handler = Sessions.prototype.verify;
    expect(Reflect.getMetadata('audit', handler)).toBe('sessions');
    expect(handler.name).toBe('verify');
  });
});
