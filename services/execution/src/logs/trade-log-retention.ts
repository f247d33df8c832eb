import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@app/messaging';
import type { DataSource } from 'typeorm';
import type { ExecutionConfig } from '../execution.settings';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the trade log is pruned once a retention is set (and once at start). */
const RETENTION_PASS_MS = 60 * 60 * 1000;
/**
 * Rows deleted per statement (a webhook takes its order attempts with it): short statements, so that on the embedded
 * database, whose one session the webhook path shares, a pass never holds a closing write up for long.
 */
const BATCH = 200;

/**
 * Removes trade-log entries older than TRADE_LOG_RETENTION_DAYS (webhooks with their order attempts, and webhooks
 * sent to unknown secrets), hourly.
 * Unset, nothing is ever removed: a trading desk's audit keeps its log, and only its operators can say for how long.
 * A webhook still to finish (received, processing) is kept whatever its age: the resume sweep needs it.
 * Replicas sharing one Postgres may prune at once; each row is deleted by one of them, the others skip it.
 */
@Injectable()
export class TradeLogRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TradeLogRetention.name);
  private readonly days: number | undefined;
  private timer?: NodeJS.Timeout;
  /** The pass under way, for tests and shutdown. */
  running: Promise<unknown> = Promise.resolve();
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) config: ExecutionConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.days = config.TRADE_LOG_RETENTION_DAYS;
  }

  onApplicationBootstrap(): void {
    if (this.days === undefined) {
      return;
    }
    this.logger.log(`trade-log entries older than ${this.days} day(s) are removed every hour`);
    this.pass();
    this.timer = setInterval(() => this.pass(), RETENTION_PASS_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.stopping = true;
    await this.running;
  }

  private pass(): void {
    this.running = this.running.then(() =>
      this.prune(new Date()).catch((err: unknown) =>
        this.logger.error({ err }, 'trade-log retention pass failed; trying again in an hour'),
      ),
    );
  }

  /**
   * Removes what is older than the retention at `now`: the users' trade-log entries and the webhooks sent to unknown
   * secrets (journalled for operators, shown to no user). Returns how many of each went.
   */
  async prune(now: Date): Promise<{ entries: number; unknownSecrets: number }> {
    if (this.days === undefined) {
      return { entries: 0, unknownSecrets: 0 };
    }
    const before = new Date(now.getTime() - this.days * DAY_MS).toISOString();
    let entries = 0;
    for (const userId of await this.usersWithEntriesBefore(before)) {
      entries += await this.deleteInBatches(
        '"execution"."webhooks"',
        `"user_id" = $2 AND "created_at" < $3 AND "status" NOT IN ('received', 'processing')`,
        [userId, before],
      );
    }
    const unknownSecrets = await this.deleteInBatches('"execution"."system_rejections"', '"created_at" < $2', [before]);
    if (entries + unknownSecrets > 0) {
      this.logger.log(
        `${entries} trade-log entries and ${unknownSecrets} webhooks to unknown secrets older than ${this.days} day(s) removed`,
      );
    }
    return { entries, unknownSecrets };
  }

  /**
   * Deletes the rows of `table` that `where` names, oldest first, at most BATCH a statement, until a statement deletes
   * fewer or the service stops; returns the rows deleted. `where` numbers its parameters from $2.
   * Each statement starts where the last one ended (`$1`, the last one's latest `created_at`, as text: exact to the
   * microsecond). Started from the beginning instead, each would walk the index over every row the pass had deleted
   * so far (their entries stay until the next vacuum): a first pass over 100 000 old webhooks took 74 s, each
   * statement 140 ms at the median, and the closing writes meanwhile waited 303 ms at the median
   * (`npm run bench:retention`, bench/results/retention/).
   */
  private async deleteInBatches(table: string, where: string, params: unknown[]): Promise<number> {
    let removed = 0;
    let from = '-infinity';
    for (;;) {
      const [{ n, last }] = await this.db.query<Array<{ n: number; last: string | null }>>(
        `WITH d AS (
           DELETE FROM ${table}
            WHERE "id" IN (SELECT "id" FROM ${table}
                            WHERE "created_at" >= $1::timestamptz AND ${where}
                            ORDER BY "created_at" LIMIT ${BATCH})
           RETURNING "created_at")
         SELECT count(*)::int AS "n", max("created_at")::text AS "last" FROM d`,
        [from, ...params],
      );
      removed += n;
      if (n < BATCH || last === null || this.stopping) {
        return removed;
      }
      from = last;
    }
  }

  /**
   * The users with an entry older than `before`, read off the (user_id, created_at) index one user at a time
   * (a loose index scan): the journal holds millions of rows and a handful of users.
   */
  private async usersWithEntriesBefore(before: string): Promise<string[]> {
    const rows = await this.db.query<Array<{ user_id: string }>>(
      `WITH RECURSIVE u("user_id") AS (
         (SELECT "user_id" FROM "execution"."webhooks" ORDER BY "user_id" LIMIT 1)
         UNION ALL
         SELECT (SELECT w."user_id" FROM "execution"."webhooks" w WHERE w."user_id" > u."user_id" ORDER BY w."user_id" LIMIT 1)
           FROM u WHERE u."user_id" IS NOT NULL)
       SELECT u."user_id" FROM u
        WHERE u."user_id" IS NOT NULL
          AND EXISTS (SELECT 1 FROM "execution"."webhooks" w WHERE w."user_id" = u."user_id" AND w."created_at" < $1)`,
      [before],
    );
    return rows.map((r) => r.user_id);
  }
}
