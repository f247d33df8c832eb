import { Injectable } from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import type { z } from 'zod';

/**
 * Validates a body (or query) against a zod schema, usually the contract's own request schema, so
 * the gateway and the owning service agree on what is valid. Failures are a 400 with one `{msg}`
 * per problem, as the web client reads them.
 */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) {
      return result.data;
    }
    throw new DomainError(
      'VALIDATION_FAILED',
      'The request is not valid',
      result.error.issues.map((i) => ({
        msg: i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message,
        loc: i.path.map(String).join('.'),
      })),
    );
  }
}
