import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic, contextOf } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { OAuthService } from './oauth.service';

@Controller()
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  @OnRequest(Topic.ConnectionsOAuthUrl)
  url(@Payload() msg: Msg<Topic.ConnectionsOAuthUrl>): { url: string } {
    return this.oauth.authorizeUrl(msg.userId);
  }

  /** Public: the user comes from the signed state, not from the (absent) token. */
  @OnRequest(Topic.ConnectionsOAuthCallback)
  callback(@Payload() msg: Msg<Topic.ConnectionsOAuthCallback>): Promise<{ location: string }> {
    return this.oauth.callback(msg.payload, contextOf(msg));
  }
}
