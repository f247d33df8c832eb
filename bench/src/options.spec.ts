import { parseOptions } from './options';

const parse = (...argv: string[]) => parseOptions(argv, '/out', '/root');

describe('parseOptions: half-rate pairs', () => {
  it('should run five pairs by default and three with --quick', () => {
    expect(parse().halfRatePairs).toBe(5);
    expect(parse('--quick').halfRatePairs).toBe(3);
  });

  it('should take the count given, and at least one pair whatever was typed', () => {
    expect(parse('--half-rate-pairs=9').halfRatePairs).toBe(9);
    expect(parse('--half-rate-pairs=0').halfRatePairs).toBe(1);
    expect(parse('--half-rate-pairs=many').halfRatePairs).toBe(1);
  });
});

describe('parseOptions: --alloc-profile', () => {
  it('should sample allocations only when asked', () => {
    expect(parse().allocProfile).toBe(false);
    expect(parse('--soak', '--alloc-profile').allocProfile).toBe(true);
  });
});
