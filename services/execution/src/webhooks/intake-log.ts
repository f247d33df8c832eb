import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { LogEventV1 } from '@app/contracts';
import type { DatabaseRuntime } from '@app/database';

/** A webhook admitted for execution whose row is not written yet: what its row would hold when it was received. */
export interface IntakeEntry {
  id: string;
  userId: string;
  requestId: string;
  alertId: string | null;
  alertName: string | null;
  symbol: string | null;
  action: string | null;
  request: unknown;
  rawBody: string;
  bodyHash: string;
  events: LogEventV1[];
  /** ISO time the webhook was admitted: the row's `created_at`. */
  createdAt: string;
}

/** Which segment an entry went to, to be given back to `settle` once the entry has its row. */
export type IntakeTicket = number;

interface Segment {
  seq: number;
  file: string;
  fd: number | null;
  bytes: number;
  /** Entries appended to it whose rows are not written yet. */
  pending: number;
}

const SEGMENT = /^intake-(\d+)\.log$/;

/**
 * The write-ahead file of the webhooks in flight, in standalone mode (services/execution/README.md, "Durability and resume").
 * The embedded database then journals an executed webhook once, with its outcome and its orders, in the fan-out's
 * closing write; until that write, this file is the record that the webhook was admitted and may have placed orders.
 * An entry is one line of JSON appended with one `write`, before the first order goes out. It survives a killed
 * process as the embedded database's own files do (the page cache; neither syncs to the disk, docs/guarantees.md).
 *
 * At start, `recover` reads every entry left behind; the caller writes a `received` row for each that has none (the
 * resume sweep then finishes it, looking its orders up by clOrdId first) and `clear`s the files. While running, a
 * segment is emptied once every entry in it has its row, and a new one is begun past SEGMENT_BYTES when some entry
 * is always in flight; a full segment is deleted once its last entry has its row.
 */
export class IntakeLog {
  /** A segment is emptied when idle from this size on (not at every idle moment: a truncation is a file-system change). */
  static readonly TRUNCATE_BYTES = 64 * 1024;
  /** A new segment is begun past this size. */
  static readonly SEGMENT_BYTES = 1024 * 1024;

  private readonly segments = new Map<number, Segment>();
  private current: Segment | null = null;
  private nextSeq = 0;

  constructor(readonly dir: string) {}

  /** Every entry left by the process before this one, oldest first. A line that cannot be read is reported and skipped. */
  recover(onUnreadable: (file: string, line: string) => void = () => {}): IntakeEntry[] {
    mkdirSync(this.dir, { recursive: true });
    const entries: IntakeEntry[] = [];
    for (const { file, seq } of this.files()) {
      this.nextSeq = Math.max(this.nextSeq, seq + 1);
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (line.trim() === '') {
          continue;
        }
        try {
          entries.push(JSON.parse(line) as IntakeEntry);
        } catch {
          onUnreadable(file, line.slice(0, 200));
        }
      }
    }
    return entries;
  }

  /** Deletes the files `recover` read, once their entries have rows. */
  clear(): void {
    for (const { file } of this.files()) {
      unlinkSync(file);
    }
  }

  /** Appends an entry (one synchronous `write`): the webhook is on record once this returns. */
  append(entry: IntakeEntry): IntakeTicket {
    let segment = this.current;
    if (!segment || segment.bytes >= IntakeLog.SEGMENT_BYTES) {
      segment = this.begin();
    }
    const line = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
    writeSync(segment.fd as number, line);
    segment.bytes += line.length;
    segment.pending += 1;
    return segment.seq;
  }

  /** The entry's row is written: its segment is emptied, or deleted, when no other entry in it waits for its row. */
  settle(ticket: IntakeTicket): void {
    const segment = this.segments.get(ticket);
    if (!segment || segment.pending === 0) {
      return;
    }
    segment.pending -= 1;
    if (segment.pending > 0) {
      return;
    }
    if (segment !== this.current) {
      this.remove(segment);
    } else if (segment.bytes >= IntakeLog.TRUNCATE_BYTES) {
      ftruncateSync(segment.fd as number, 0);
      segment.bytes = 0;
    }
  }

  /** Entries appended and not settled (their rows not written yet). */
  get pending(): number {
    let n = 0;
    for (const s of this.segments.values()) {
      n += s.pending;
    }
    return n;
  }

  /** Closes the files. Entries not settled stay in them for the next start. */
  close(): void {
    for (const segment of this.segments.values()) {
      if (segment.fd !== null) {
        closeSync(segment.fd);
        segment.fd = null;
      }
    }
    this.current = null;
  }

  private begin(): Segment {
    const previous = this.current;
    if (previous) {
      closeSync(previous.fd as number);
      previous.fd = null;
      if (previous.pending === 0) {
        this.remove(previous);
      }
    }
    mkdirSync(this.dir, { recursive: true });
    const seq = this.nextSeq++;
    const file = path.join(this.dir, `intake-${seq}.log`);
    // O_APPEND: every write lands at the end, also after the segment was emptied by a truncation.
    const segment: Segment = { seq, file, fd: openSync(file, 'a'), bytes: 0, pending: 0 };
    this.segments.set(seq, segment);
    this.current = segment;
    return segment;
  }

  private remove(segment: Segment): void {
    if (segment.fd !== null) {
      closeSync(segment.fd);
    }
    unlinkSync(segment.file);
    this.segments.delete(segment.seq);
  }

  private files(): Array<{ file: string; seq: number }> {
    return readdirSync(this.dir)
      .map((name) => ({ name, m: SEGMENT.exec(name) }))
      .filter((f): f is { name: string; m: RegExpExecArray } => f.m !== null)
      .map((f) => ({ file: path.join(this.dir, f.name), seq: Number(f.m[1]) }))
      .sort((a, b) => a.seq - b.seq);
  }
}

/** The intake log, injected: null where a webhook's row is written first (a shared Postgres, or a database in memory). */
export const INTAKE_LOG = Symbol('INTAKE_LOG');

/**
 * Only the embedded database with a data folder journals webhooks once: its one process is the only one that could
 * execute a request. A shared Postgres (distributed mode) keeps the row first, where the exactly-once index
 * arbitrates between replicas, whose files the others could not read.
 */
export const intakeLogFor = (database: DatabaseRuntime): IntakeLog | null =>
  database.kind === 'pglite' && database.dataDir ? new IntakeLog(path.join(database.dataDir, 'webhook-intake')) : null;
