// Futures catalogue with real tick sizes and point values. Contract months are computed from a date so the
// simulator always offers the contracts a trader would see today. Ids are derived from root and month,
// so the same symbol keeps the same id across restarts.

export const MONTH_CODES = 'FGHJKMNQUVXZ';

/** How a product's contracts expire, coarse enough to pick the front month the way traders roll. */
type Expiry = 'equityIndex' | 'energy' | 'metal' | 'treasury' | 'fx' | 'natgas';

export interface ProductSpec {
  id: number;
  name: string;
  description: string;
  tickSize: number;
  valuePerPoint: number;
  /** Listed contract months, as month codes. */
  months: string;
  expiry: Expiry;
  exchange: 'CME' | 'CBOT' | 'NYMEX' | 'COMEX';
  /** A plausible tick-aligned price for market fills until a test sets one. */
  defaultPrice: number;
}

const p = (
  id: number,
  name: string,
  description: string,
  tickSize: number,
  valuePerPoint: number,
  months: string,
  expiry: Expiry,
  exchange: ProductSpec['exchange'],
  defaultPrice: number,
): ProductSpec => ({ id, name, description, tickSize, valuePerPoint, months, expiry, exchange, defaultPrice });

export const PRODUCTS: readonly ProductSpec[] = [
  p(1, 'ES', 'E-Mini S&P 500', 0.25, 50, 'HMUZ', 'equityIndex', 'CME', 6000),
  p(2, 'MES', 'Micro E-Mini S&P 500', 0.25, 5, 'HMUZ', 'equityIndex', 'CME', 6000),
  p(3, 'NQ', 'E-Mini NASDAQ-100', 0.25, 20, 'HMUZ', 'equityIndex', 'CME', 21000),
  p(4, 'MNQ', 'Micro E-Mini NASDAQ-100', 0.25, 2, 'HMUZ', 'equityIndex', 'CME', 21000),
  p(5, 'YM', 'E-Mini Dow ($5)', 1, 5, 'HMUZ', 'equityIndex', 'CBOT', 44000),
  p(6, 'MYM', 'Micro E-Mini Dow', 1, 0.5, 'HMUZ', 'equityIndex', 'CBOT', 44000),
  p(7, 'RTY', 'E-Mini Russell 2000', 0.1, 50, 'HMUZ', 'equityIndex', 'CME', 2400),
  p(8, 'M2K', 'Micro E-Mini Russell 2000', 0.1, 5, 'HMUZ', 'equityIndex', 'CME', 2400),
  p(9, 'CL', 'Crude Oil', 0.01, 1000, MONTH_CODES, 'energy', 'NYMEX', 60.5),
  p(10, 'MCL', 'Micro WTI Crude Oil', 0.01, 100, MONTH_CODES, 'energy', 'NYMEX', 60.5),
  p(11, 'GC', 'Gold', 0.1, 100, 'GJMQVZ', 'metal', 'COMEX', 4000),
  p(12, 'MGC', 'Micro Gold', 0.1, 10, 'GJMQVZ', 'metal', 'COMEX', 4000),
  p(13, 'SI', 'Silver', 0.005, 5000, 'HKNUZ', 'metal', 'COMEX', 50.5),
  p(14, 'NG', 'Natural Gas', 0.001, 10000, MONTH_CODES, 'natgas', 'NYMEX', 4.2),
  p(15, 'ZB', 'U.S. Treasury Bond', 1 / 32, 1000, 'HMUZ', 'treasury', 'CBOT', 115.5),
  p(16, 'ZN', '10-Year U.S. Treasury Note', 1 / 64, 1000, 'HMUZ', 'treasury', 'CBOT', 111.5),
  p(17, '6E', 'Euro FX', 0.00005, 125000, 'HMUZ', 'fx', 'CME', 1.16),
];

export const productByName = (root: string): ProductSpec | undefined =>
  PRODUCTS.find((x) => x.name === root.toUpperCase());

const utc = (y: number, m: number, d: number): Date => new Date(Date.UTC(y, m - 1, d));

/** nth weekday (0 = Sunday) of a month, 1-based month. */
function nthWeekday(y: number, m: number, weekday: number, n: number): Date {
  const first = utc(y, m, 1).getUTCDay();
  return utc(y, m, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

/** Last trading day (approximate) and the day traders roll away, for contract month y/m. */
function expiryOf(kind: Expiry, y: number, m: number): { expiration: Date; roll: Date } {
  const days = (d: Date, n: number): Date => new Date(d.getTime() + n * 86_400_000);
  const endOfPrevMonth = utc(y, m, 0);
  switch (kind) {
    case 'equityIndex': {
      const e = nthWeekday(y, m, 5, 3);
      return { expiration: e, roll: days(e, -8) };
    }
    case 'fx': {
      const e = days(nthWeekday(y, m, 3, 3), -2);
      return { expiration: e, roll: days(e, -7) };
    }
    case 'energy': {
      const e = utc(y, m - 1, 20);
      return { expiration: e, roll: days(e, -2) };
    }
    case 'natgas': {
      const e = days(endOfPrevMonth, -3);
      return { expiration: e, roll: days(e, -2) };
    }
    case 'metal':
    case 'treasury':
      // Traders roll before first notice day, around the end of the month before delivery.
      return { expiration: utc(y, m + 1, 0), roll: days(endOfPrevMonth, kind === 'metal' ? -2 : -5) };
  }
}

export interface Maturity {
  year: number;
  /** 1..12 */
  month: number;
  code: string;
  /** Tradovate symbol: root + month code + one-digit year, e.g. MNQZ6. */
  symbol: string;
  expiration: Date;
}

/** The next `count` listed contract months of a product still traded on `date`, front first. */
export function maturities(root: string, date: Date = new Date(), count = 4): Maturity[] {
  const product = productByName(root);
  if (!product) {
    throw new Error(`Unknown futures root: ${root}`);
  }
  const out: Maturity[] = [];
  let y = date.getUTCFullYear();
  let m = date.getUTCMonth() + 1;
  while (out.length < count) {
    const code = MONTH_CODES[m - 1];
    if (product.months.includes(code)) {
      const { expiration, roll } = expiryOf(product.expiry, y, m);
      if (roll.getTime() > date.getTime()) {
        out.push({ year: y, month: m, code, symbol: `${product.name}${code}${y % 10}`, expiration });
      }
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The front-month Tradovate symbol of a root on a date: `frontMonth('MNQ', new Date('2026-11-21'))` → 'MNQZ6'. */
export const frontMonth = (root: string, date: Date = new Date()): string => maturities(root, date, 1)[0].symbol;

export const contractIdOf = (productId: number, year: number, month: number): number =>
  2_000_000 + productId * 10_000 + (year % 100) * 100 + month;
export const maturityIdOf = (productId: number, year: number, month: number): number =>
  contractIdOf(productId, year, month) - 1_000_000;
