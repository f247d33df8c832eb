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
    const nul = pathOfNul(value);
    if (nul !== null) {
      // Postgres text cannot hold U+0000: without this the insert fails and the caller gets a 500.
      throw new DomainError('VALIDATION_FAILED', 'The request is not valid', [
        { msg: `${nul || 'body'}: must not contain the NUL character`, loc: nul },
      ]);
    }
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

/** The path of the first key or string holding U+0000, or null (iterative: bodies may nest deeply). */
function pathOfNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string' && v.includes('\u0000')) {
      return path;
    }
    if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) {
          return at;
        }
        stack.push([child, at]);
      }
    }
  }
  return null;
}
