// The benches' command lines, read strictly with Node's own `util.parseArgs`: an option the bench does not know, a
// flag given a value or a number that is not one stops the bench before it starts, with the usage. Before, a typo
// (or `--help`) was ignored and the default run began: fourteen minutes of the wrong measurement.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

/** A command line the bench cannot run; its message names what was wrong, for a person to correct. */
export class UsageError extends Error {}

/** The options a bench accepts: flags stand alone, values are given as `--name=value`. */
export interface OptionNames {
  flags: readonly string[];
  values: readonly string[];
}

export interface CommandLine {
  flag(name: string): boolean;
  value(name: string): string | undefined;
  /** A whole number of at least `min`, or `fallback` when the option is absent. */
  count(name: string, fallback: number, min?: number): number;
  /** A number of at least `min` (fractions allowed), or `fallback` when the option is absent. */
  amount(name: string, fallback: number, min?: number): number;
  /** A comma-separated list of whole numbers of at least 1 (`what` they count, for the message), or `fallback`'s. */
  counts(name: string, fallback: string, what?: string): number[];
  /** A comma-separated list of some of `choices`, or `fallback`'s. */
  choices<T extends string>(name: string, fallback: string, choices: readonly T[]): T[];
}

/** `null` for `--help` or `-h`; otherwise the options given, every one of them checked against `names`. */
export function readCommandLine(argv: string[], names: OptionNames): CommandLine | null {
  if (argv.includes('--help') || argv.includes('-h')) {
    return null;
  }
  const options: ParseArgsConfig['options'] = {};
  names.flags.forEach((n) => (options[n] = { type: 'boolean' }));
  names.values.forEach((n) => (options[n] = { type: 'string' }));
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    // parseArgs' own messages name the option ("Unknown option '--soak-rte'"), with advice on `--` that fits a
    // script of its own rather than this one: the first sentence is the part worth showing.
    throw new UsageError((err as Error).message.split('. ')[0].replace(/\.$/, ''));
  }
  const value = (name: string): string | undefined => {
    const v = values[name];
    return typeof v === 'string' ? v : undefined;
  };
  const number = (name: string, fallback: number, min: number, whole: boolean): number => {
    const text = value(name);
    if (text === undefined) {
      return fallback;
    }
    const n = text.trim() === '' ? NaN : Number(text);
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < min) {
      throw new UsageError(`--${name}=${text}: expected ${whole ? 'a whole number' : 'a number'} of at least ${min}`);
    }
    return n;
  };
  /** Each item of a comma-separated option read by `item`; an empty list is a UsageError. */
  const list = <T>(name: string, fallback: string, item: (s: string) => T): T[] => {
    const items = (value(name) ?? fallback)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (items.length === 0) {
      throw new UsageError(`--${name}= needs at least one item`);
    }
    return items.map(item);
  };
  return {
    flag: (name) => values[name] === true,
    value,
    count: (name, fallback, min = 1) => number(name, fallback, min, true),
    amount: (name, fallback, min = 0) => number(name, fallback, min, false),
    counts: (name, fallback, what) =>
      list(name, fallback, (s) => {
        const n = Number(s);
        if (!Number.isInteger(n) || n < 1) {
          throw new UsageError(`--${name}=${s}: expected whole numbers${what ? ` of ${what}` : ''}, at least 1`);
        }
        return n;
      }),
    choices: (name, fallback, choices) =>
      list(name, fallback, (s) => {
        const choice = choices.find((c) => c === s);
        if (choice === undefined) {
          throw new UsageError(`--${name}=${s}: expected some of ${choices.join(', ')}`);
        }
        return choice;
      }),
  };
}

/**
 * Runs `start` with the command line read by `read`: `--help` prints `usage` and exits 0, a UsageError prints its
 * message and `usage` and exits 2, the shell's convention for a command used wrongly.
 */
export function withCommandLine<T>(read: () => T | null, usage: string, start: (options: T) => void): void {
  let options: T | null;
  try {
    options = read();
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${usage}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (options === null) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  start(options);
}
