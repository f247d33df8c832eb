import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AlertRouteChangedV1 } from '@app/contracts';
import { GroupCommit, jsonbParam } from '@app/database';
import type { DataSource } from 'typeorm';
import { hashSecret } from '../endpoints/endpoint.service';
import { ReadModelMemory } from '../read-model/read-model-memory';

export interface Intake {
  /** The owner of the webhook URL's secret, or null when no user has it. */
  userId: string | null;
  /** The owner's account was rejected or deactivated by an administrator. */
  inactive: boolean;
  /** The request is already journalled as executing (its message was delivered again). */
  journalled: boolean;
  /** The alert's route from the read model, or null (unknown here, or no alert id to look up). */
  route: AlertRouteChangedV1 | null;
}

interface Question {
  hash: string;
  requestId: string;
  alertId: string | null;
}

type Row = {
  user_id: string | null;
  secret_hash: string | null;
  inactive: boolean;
  journalled: boolean;
  route: AlertRouteChangedV1 | null;
};

/**
 * The things every webhook is checked against — whose secret (and is that account active), already journalled,
 * which route — from the read model in memory where it is kept (ReadModelMemory), else in one statement instead
 * of a round trip each, for every webhook that arrives while the previous statement runs (group commit; the
 * webhook hot path, see docs/performance.md).
 */
@Injectable()
export class IntakeLookup {
  private readonly lookups = new GroupCommit<Question, Row>((batch) => this.lookUpAll(batch));

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly memory: ReadModelMemory,
  ) {}

  async of(secret: string, requestId: string, alertId: string | null): Promise<Intake> {
    const hash = hashSecret(secret);
    if (this.memory.active) {
      // Found by the secret's hash, which tells nothing of the secret. Not asked: whether the request is already
      // journalled. The memory is kept in standalone mode, whose in-process transport delivers a request once; the
      // gateway's own request ids never come again, and a caller's id sent again is refused a second journal row by the
      // unique index on executing request ids, and settled from the first (WebhookService.admit).
      return { ...this.memory.intake(hash, alertId), journalled: false };
    }
    const row = await this.lookups.run({ hash, requestId, alertId });
    // Found by hash, then the hashes compared in constant time.
    const owner =
      row.secret_hash !== null && timingSafeEqual(Buffer.from(row.secret_hash), Buffer.from(hash)) ? row.user_id : null;
    return { userId: owner, inactive: owner !== null && row.inactive, journalled: row.journalled, route: row.route };
  }

  private lookUpAll(batch: Question[]): Promise<Row[]> {
    // Every question is answered by index probes, whatever the journal's size: the LATERAL ... LIMIT 1
    // subqueries cannot be turned into hash joins, which the planner otherwise picks because it guesses 100
    // rows for jsonb_to_recordset and then reads every webhook (or endpoint) row to build the hash. Left joins
    // of at most one row each: exactly one row per question, in the questions' order.
    return this.db.query<Row[]>(
      `SELECT e."user_id", e."secret_hash", e."inactive", j."journalled" IS NOT NULL AS "journalled", r."route"
         FROM jsonb_to_recordset($1::jsonb) AS q(i int, hash text, request_id text, alert_id uuid)
         LEFT JOIN LATERAL (SELECT ep."user_id", ep."secret_hash",
                                   EXISTS (SELECT 1 FROM "execution"."inactive_users" iu WHERE iu."user_id" = ep."user_id") AS "inactive"
                              FROM "execution"."webhook_endpoints" ep
                             WHERE ep."secret_hash" = q.hash LIMIT 1) e ON true
         LEFT JOIN LATERAL (SELECT true AS "journalled" FROM "execution"."webhooks" w
                             WHERE w."request_id" = q.request_id AND w."status" NOT IN ('rejected', 'duplicate') LIMIT 1) j ON true
         LEFT JOIN LATERAL (SELECT ar."route" FROM "execution"."alert_routes" ar WHERE ar."alert_id" = q.alert_id LIMIT 1) r ON true
        ORDER BY q.i`,
      [jsonbParam(batch.map((b, i) => ({ i, hash: b.hash, request_id: b.requestId, alert_id: b.alertId })))],
    );
  }
}
