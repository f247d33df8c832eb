import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HEALTH_TOPICS } from '@app/contracts';
import { dataSourceOptions } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import { RuntimeModule, createHealthController } from '@app/messaging';
import type { ServiceRuntime } from '@app/messaging';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { PasswordHasher } from './accounts/password-hasher';
import { TokenIssuer } from './accounts/token-issuer';
import { ADMIN_NOTICE_OUT, AdminBootstrap } from './admin/admin-bootstrap';
import type { NoticeWriter } from './admin/admin-bootstrap';
import type { AuthConfig } from './auth.settings';
import { Mailer } from './mail/mailer';
import { Auth_SCHEMA, authMigrations } from './migrations';
import { ResetTokenEntity } from './password-reset/entities/reset-token.entity';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { ResetTokensRepository } from './password-reset/reset-tokens.repository';
import { UserEntity } from './users/entities/user.entity';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

const entities = [UserEntity, ResetTokenEntity];
const writeStdout: NoticeWriter = (text) => process.stdout.write(text);

/** The auth service: wired the same way over Kafka and in the standalone process. */
@Module({})
export class AuthModule {
  static forRoot(runtime: ServiceRuntime<AuthConfig>, database: DatabaseRuntime): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        TypeOrmModule.forRoot(
          dataSourceOptions(database, { schema: Auth_SCHEMA, entities, migrations: authMigrations }),
        ),
        TypeOrmModule.forFeature(entities),
      ],
      controllers: [
        createHealthController('auth', HEALTH_TOPICS.auth),
        AccountsController,
        PasswordResetController,
        UsersController,
      ],
      providers: [
        UsersRepository,
        ResetTokensRepository,
        PasswordHasher,
        TokenIssuer,
        Mailer,
        AccountsService,
        PasswordResetService,
        UsersService,
        AdminBootstrap,
        { provide: ADMIN_NOTICE_OUT, useValue: writeStdout },
      ],
    };
  }
}
