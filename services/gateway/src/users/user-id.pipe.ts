import { Injectable } from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { DomainError, Id } from '@app/contracts';

/** A user id from the path: anything but a UUID names no user (404, never a database error). */
@Injectable()
export class UserIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const parsed = Id.safeParse(value);
    if (!parsed.success) {
      throw new DomainError('NOT_FOUND', 'User not found.');
    }
    return parsed.data;
  }
}
