// Tick arithmetic without float artefacts: Tradovate rejects prices off the tick grid, and
// 0.1 * 3 !== 0.3 in binary floating point, so results are snapped to the tick's own decimals.

/** Decimal places needed to write the tick exactly (0.25 → 2, 1/64 → 6, 0.00005 → 5). */
export function tickDecimals(tick: number): number {
  let decimals = 0;
  while (decimals < 12 && Math.abs(Math.round(tick * 10 ** decimals) - tick * 10 ** decimals) > 1e-9) {
    decimals += 1;
  }
  return decimals;
}

export type TickRounding = 'nearest' | 'up' | 'down';

const ROUND: Record<TickRounding, (x: number) => number> = { nearest: Math.round, up: Math.ceil, down: Math.floor };

/** `roundToTick(4500.123, 0.25)` → 4500; `roundToTick(4500.13, 0.25)` → 4500.25 (exactly). */
export function roundToTick(price: number, tick: number, mode: TickRounding = 'nearest'): number {
  if (!Number.isFinite(price) || !Number.isFinite(tick) || tick <= 0) {
    throw new RangeError(`Cannot round ${price} to a tick of ${tick}`);
  }
  // The epsilon absorbs division noise (4500.25 / 0.05 = 90004.99999999999) before rounding up or down.
  const steps = ROUND[mode](Number((price / tick).toFixed(9)));
  const rounded = Number((steps * tick).toFixed(tickDecimals(tick)));
  return rounded === 0 ? 0 : rounded;
}

export const isOnTick = (price: number, tick: number): boolean => roundToTick(price, tick) === price;
