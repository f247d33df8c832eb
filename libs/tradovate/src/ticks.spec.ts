import { isOnTick, roundToTick, tickDecimals } from './ticks';

describe('roundToTick', () => {
  it.each([
    [4500.123, 0.25, 4500],
    [4500.13, 0.25, 4500.25],
    [4500.375, 0.25, 4500.5],
    [60.123, 0.01, 60.12],
    [0.3, 0.1, 0.3],
    [2401.07, 0.1, 2401.1],
    [1.160026, 0.00005, 1.16005],
    [115.51, 1 / 32, 115.5],
    [44001.4, 1, 44001],
    [4.2004, 0.001, 4.2],
    [-37.634, 0.01, -37.63],
  ])('should round %p to a %p tick as %p exactly', (price, tick, expected) => {
    expect(roundToTick(price, tick)).toBe(expected);
  });

  it('should round up or down on request', () => {
    expect(roundToTick(4500.01, 0.25, 'up')).toBe(4500.25);
    expect(roundToTick(4500.24, 0.25, 'down')).toBe(4500);
    expect(roundToTick(4500.25, 0.05, 'down')).toBe(4500.25);
  });

  it('should never leave float artefacts', () => {
    for (let i = 0; i < 1000; i += 1) {
      const price = 2400 + i * 0.0731;
      const rounded = roundToTick(price, 0.1);
      expect(String(rounded)).toMatch(/^\d+(\.\d)?$/);
    }
  });

  it('should refuse a non-positive tick', () => {
    expect(() => roundToTick(1, 0)).toThrow(RangeError);
  });
});

describe('tickDecimals', () => {
  it('should count the decimals of common ticks', () => {
    expect([0.25, 0.01, 1, 0.00005, 1 / 64].map(tickDecimals)).toEqual([2, 2, 0, 5, 6]);
  });
});

describe('isOnTick', () => {
  it('should tell grid prices from others', () => {
    expect(isOnTick(4500.25, 0.25)).toBe(true);
    expect(isOnTick(4500.1, 0.25)).toBe(false);
  });
});
