import { DomainError, Id } from '@app/contracts';
import type { Envelope } from '@app/contracts';

/** The acting user of a request: from the envelope (set by the gateway from the token), never the body. */
export function userOf(msg: Envelope): string {
  if (msg.userId === null || !Id.safeParse(msg.userId).success) {
    throw new DomainError('UNAUTHORIZED', 'Not authenticated. Please sign in.');
  }
  return msg.userId;
}
