import type { PipeTransform } from '@nestjs/common';
import { DomainError, Id } from '@app/contracts';

/**
 * A resource id from the path. Anything but a UUID names nothing the caller owns, so it gets the
 * same 404 as another user's id (never a 400 that would tell the two apart, never a database error).
 */
export class IdParam implements PipeTransform<unknown, string> {
  constructor(private readonly notFound: string) {}

  transform(value: unknown): string {
    const parsed = Id.safeParse(value);
    if (!parsed.success) {
      throw new DomainError('NOT_FOUND', this.notFound);
    }
    return parsed.data;
  }
}
