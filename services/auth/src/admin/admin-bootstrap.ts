import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '@app/messaging';
import { PasswordHasher } from '../accounts/password-hasher';
import type { AuthConfig } from '../auth.settings';
import { UsersRepository } from '../users/users.repository';
import { revocationInstant } from '../users/user.view';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';
/** Where the generated credentials are shown: stdout itself, never the (redacting, shipped) logger. */
export const ADMIN_NOTICE_OUT = Symbol('ADMIN_NOTICE_OUT');
export type NoticeWriter = (text: string) => void;

/**
 * The first administrator. With ADMIN_EMAIL and ADMIN_PASSWORD set, that account is created or
 * brought up to date (active, administrator, that password) at every start. Otherwise, and only
 * while there is no administrator at all, one is created with a random password that is printed
 * once; later starts find the administrator and print nothing.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(ADMIN_NOTICE_OUT) private readonly out: NoticeWriter,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const email = (this.config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
    if (this.config.ADMIN_EMAIL && this.config.ADMIN_PASSWORD) {
      await this.ensure(email, this.config.ADMIN_PASSWORD);
      this.logger.log(`administrator ${email} is ready`);
      return;
    }
    if (await this.users.anyAdmin()) {
      return;
    }
    const password = randomBytes(18).toString('base64url');
    await this.ensure(email, password);
    this.out(credentialsBox(email, password));
  }

  private async ensure(email: string, password: string): Promise<void> {
    const existing = await this.users.findByEmail(email);
    if (!existing) {
      const passwordHash = await this.hasher.hash(password);
      if (await this.users.insert({ email, passwordHash, isActive: true, isAdmin: true })) {
        return;
      }
    }
    const user = existing ?? (await this.users.findByEmail(email));
    if (!user) {
      throw new Error(`could not create the administrator ${email}`);
    }
    const samePassword = await this.hasher.verify(user.passwordHash, password);
    await this.users.update(user.id, {
      isActive: true,
      isAdmin: true,
      ...(samePassword
        ? {}
        : { passwordHash: await this.hasher.hash(password), sessionsValidAfter: revocationInstant(new Date()) }),
    });
  }
}

export function credentialsBox(email: string, password: string): string {
  const lines = [
    'An administrator account was created (shown only this once):',
    '',
    `  email:    ${email}`,
    `  password: ${password}`,
    '',
    'Sign in and keep the password somewhere safe. Set ADMIN_EMAIL and',
    'ADMIN_PASSWORD to choose the administrator yourself.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return ['', bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar, ''].join('\n') + '\n';
}
