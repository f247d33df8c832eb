import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** Argon2id with the library's defaults (OWASP-level memory cost). */
@Injectable()
export class PasswordHasher {
  /** Verified against when the email is unknown, so both cases cost the same time. */
  private dummy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash never lets anyone in
    }
  }

  /** Spends the time of one verification and answers false. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash('no-such-user-password');
    await this.verify(await this.dummy, password);
    return false;
  }
}
