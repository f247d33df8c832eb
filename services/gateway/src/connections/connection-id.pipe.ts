import { Injectable } from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { DomainError, Id } from '@app/contracts';

/** A route id that is not a UUID names no connection: 404, the same answer as another user's id. */
@Injectable()
export class ConnectionIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const parsed = Id.safeParse(value);
    if (!parsed.success) {
      throw new DomainError('NOT_FOUND', 'Connection not found');
    }
    return parsed.data;
  }
}
