import { UsageError } from './command-line';
import { parseOptions } from './options';
import type { BenchOptions } from './options';

const parse = (...argv: string[]): BenchOptions => {
  const options = parseOptions(argv, '/out', '/root');
  if (options === null) {
    throw new Error('read as --help');
  }
  return options;
};

describe('parseOptions: the default run', () => {
  it('should sweep every system at fan-outs 1, 10 and 50 into the given folder', () => {
    const o = parse();

    expect([...o.only]).toEqual(['baseline', 'standalone', 'distributed']);
    expect(o.fanOuts).toEqual([1, 10, 50]);
    expect(o.stepMs).toBe(4000);
    expect(o.soak).toBe(false);
    expect(o.outDir).toBe('/out');
    expect(o.productRoot).toBe('/root');
  });

  it('should read values written after an equals sign or as the next argument', () => {
    expect(parse('--out=/tmp/a').outDir).toBe('/tmp/a');
    expect(parse('--out', '/tmp/b').outDir).toBe('/tmp/b');
    expect(parse('--only=standalone', '--fanouts=10,50').fanOuts).toEqual([10, 50]);
    expect([...parse('--only=standalone,distributed').only]).toEqual(['standalone', 'distributed']);
  });
});

describe('parseOptions: half-rate pairs', () => {
  it('should run five pairs by default and three with --quick', () => {
    expect(parse().halfRatePairs).toBe(5);
    expect(parse('--quick').halfRatePairs).toBe(3);
  });

  it('should take the count given, and refuse one that is not a whole number of at least one', () => {
    expect(parse('--half-rate-pairs=9').halfRatePairs).toBe(9);
    expect(() => parse('--half-rate-pairs=0')).toThrow('--half-rate-pairs=0: expected a whole number of at least 1');
    expect(() => parse('--half-rate-pairs=many')).toThrow(UsageError);
  });
});

describe('parseOptions: --alloc-profile', () => {
  it('should sample allocations only when asked', () => {
    expect(parse().allocProfile).toBe(false);
    expect(parse('--soak', '--alloc-profile').allocProfile).toBe(true);
  });
});

describe('parseOptions: a command line the bench cannot run', () => {
  it('should answer --help and -h with null, for the usage to be printed instead of a run', () => {
    expect(parseOptions(['--help'], '/out', '/root')).toBeNull();
    expect(parseOptions(['--quick', '-h'], '/out', '/root')).toBeNull();
  });

  it.each([
    [['--soak-rte=200'], "Unknown option '--soak-rte'"],
    [['--quick=yes'], "Option '--quick' does not take an argument"],
    [['--out'], "Option '--out <value>' argument missing"],
    [['quick'], "Unexpected argument 'quick'"],
    [['--only=standalone,kafka'], '--only=kafka: expected some of baseline, standalone, distributed'],
    [['--only='], '--only= needs at least one item'],
    [['--fanouts=10,ten'], '--fanouts=ten: expected whole numbers of accounts, at least 1'],
    [['--soak', '--soak-rate=fast'], '--soak-rate=fast: expected a whole number of at least 0'],
    [['--soak-minutes=-1'], '--soak-minutes=-1: expected a number of at least 0'],
    [['--step-ms='], '--step-ms=: expected a whole number of at least 1'],
  ])('should refuse %j, saying %j', (argv, message) => {
    let thrown: unknown;
    try {
      parse(...argv);
    } catch (err) {
      thrown = err;
    }

    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toBe(message);
  });

  it('should accept fractional minutes for a short soak', () => {
    expect(parse('--soak', '--soak-minutes=0.5').soakMs).toBe(30_000);
  });
});
