import type { Readable } from 'node:stream';

interface Waiter {
  pattern: RegExp;
  resolve: (match: RegExpMatchArray) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

const MAX_KEPT_CHARS = 1_000_000;

/**
 * The lines a child process wrote, kept for waiting on ("ready" markers) and for printing when a test
 * fails. Old lines are dropped beyond about a megabyte so a chatty service cannot exhaust memory.
 */
export class LineLog {
  private readonly lines: string[] = [];
  private keptChars = 0;
  private partial = '';
  private readonly waiters = new Set<Waiter>();
  private readonly listeners: ((line: string) => void)[] = [];
  private closedReason: string | undefined;

  follow(stream: Readable, prefix = ''): void {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.push(chunk, prefix));
  }

  push(chunk: string, prefix = ''): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) {
      this.add(prefix + line.replace(/\r$/, ''));
    }
  }

  /** Calls `listener` with every whole line from now on, as it arrives. */
  onLine(listener: (line: string) => void): void {
    this.listeners.push(listener);
  }

  /** No more lines will come: pending waits fail with `reason`. */
  close(reason: string): void {
    if (this.partial) {
      this.add(this.partial);
      this.partial = '';
    }
    this.closedReason = reason;
    for (const w of this.waiters) {
      this.settle(w);
      w.reject(new Error(`${reason} before a line matched ${w.pattern}\n${this.text()}`));
    }
  }

  /** Resolves with the first line (already seen, unless `onlyNew`, or future) that matches. */
  waitFor(pattern: RegExp, timeoutMs: number, onlyNew = false): Promise<RegExpMatchArray> {
    for (const line of onlyNew ? [] : this.lines) {
      const m = line.match(pattern);
      if (m) {
        return Promise.resolve(m);
      }
    }
    if (this.closedReason) {
      return Promise.reject(new Error(`${this.closedReason} before a line matched ${pattern}\n${this.text()}`));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        pattern,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.settle(waiter);
          reject(new Error(`no line matched ${pattern} within ${timeoutMs} ms\n${this.text()}`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  text(): string {
    return this.lines.join('\n') + (this.partial ? `\n${this.partial}` : '');
  }

  private add(line: string): void {
    this.lines.push(line);
    this.keptChars += line.length + 1;
    while (this.keptChars > MAX_KEPT_CHARS && this.lines.length > 1) {
      this.keptChars -= (this.lines.shift() ?? '').length + 1;
    }
    this.listeners.forEach((listener) => listener(line));
    for (const w of this.waiters) {
      const m = line.match(w.pattern);
      if (m) {
        this.settle(w);
        w.resolve(m);
      }
    }
  }

  private settle(w: Waiter): void {
    clearTimeout(w.timer);
    this.waiters.delete(w);
  }
}
