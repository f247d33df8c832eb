import { CreateSchema1763700000000 } from './1763700000000-create-schema';
import { ExecutionTables1763800000000 } from './1763800000000-execution-tables';
import { WebhookClaims1763900000000 } from './1763900000000-webhook-claims';
import { AttemptsFillfactor1764000000000 } from './1764000000000-attempts-fillfactor';
import { AttemptsVacuumThreshold1764100000000 } from './1764100000000-attempts-vacuum-threshold';
import { AttemptsFullPages1764200000000 } from './1764200000000-attempts-full-pages';
import { InactiveUsers1764400000000 } from './1764400000000-inactive-users';
import { WebhooksHotUpdates1764500000000 } from './1764500000000-webhooks-hot-updates';
import { WebhooksVacuumThreshold1764600000000 } from './1764600000000-webhooks-vacuum-threshold';
import { JournalInsertVacuumThreshold1764700000000 } from './1764700000000-journal-insert-vacuum-threshold';
import { JournalVacuumEveryPass1764800000000 } from './1764800000000-journal-vacuum-every-pass';
import { SystemRejectionsCreated1764900000000 } from './1764900000000-system-rejections-created';
import { AttemptsInWebhookRow1765000000000 } from './1765000000000-attempts-in-webhook-row';

export { Execution_SCHEMA } from './schema';

/** Every migration of the service, oldest first. */
export const executionMigrations = [
  CreateSchema1763700000000,
  ExecutionTables1763800000000,
  WebhookClaims1763900000000,
  AttemptsFillfactor1764000000000,
  AttemptsVacuumThreshold1764100000000,
  AttemptsFullPages1764200000000,
  InactiveUsers1764400000000,
  WebhooksHotUpdates1764500000000,
  WebhooksVacuumThreshold1764600000000,
  JournalInsertVacuumThreshold1764700000000,
  JournalVacuumEveryPass1764800000000,
  SystemRejectionsCreated1764900000000,
  AttemptsInWebhookRow1765000000000,
];
