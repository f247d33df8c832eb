import { frontMonth, maturities, PRODUCTS } from './catalogue';
import { ContractLibrary } from './contract-library';

const on = (iso: string): Date => new Date(`${iso}T12:00:00Z`);

describe('frontMonth', () => {
  it('should pick the current quarter for index futures before the roll', () => {
    expect(frontMonth('MNQ', on('2025-11-21'))).toBe('MNQZ5');
    expect(frontMonth('ES', on('2026-02-01'))).toBe('ESH6');
  });

  it('should roll index futures to the next quarter about a week before expiry', () => {
    // December 2025 expires Friday the 19th; traders roll on the 11th.
    expect(frontMonth('MNQ', on('2025-12-10'))).toBe('MNQZ5');
    expect(frontMonth('MNQ', on('2025-12-12'))).toBe('MNQH6');
  });

  it('should use monthly contracts for crude oil, expiring the month before delivery', () => {
    expect(frontMonth('CL', on('2025-11-10'))).toBe('CLZ5');
    expect(frontMonth('MCL', on('2025-11-21'))).toBe('MCLF6');
  });

  it('should use the active even months for gold', () => {
    expect(frontMonth('GC', on('2025-11-10'))).toBe('GCZ5');
    expect(frontMonth('MGC', on('2025-12-30'))).toBe('MGCG6');
  });

  it('should accept a lower-case root', () => {
    expect(frontMonth('mes', on('2025-11-21'))).toBe('MESZ5');
  });

  it('should throw on an unknown root', () => {
    expect(() => frontMonth('XYZ')).toThrow('Unknown futures root');
  });
});

describe('maturities', () => {
  it('should list the next contract months in order', () => {
    expect(maturities('ES', on('2025-11-21'), 3).map((m) => m.symbol)).toEqual(['ESZ5', 'ESH6', 'ESM6']);
  });
});

describe(ContractLibrary.name, () => {
  const sut = new ContractLibrary(on('2025-11-21'));

  it('should carry the product tick size on every contract', () => {
    for (const spec of PRODUCTS) {
      const contract = sut.find(frontMonth(spec.name, on('2025-11-21')));
      expect(contract?.providerTickSize).toBe(spec.tickSize);
    }
  });

  it('should chain contract → maturity → product', () => {
    const contract = sut.find('MNQZ5');
    const maturity = contract && sut.maturity(contract.contractMaturityId);
    const product = maturity && sut.product(maturity.productId);
    expect(product).toMatchObject({ name: 'MNQ', tickSize: 0.25, valuePerPoint: 2 });
    expect(maturity?.isFront).toBe(true);
  });

  it('should suggest the exact root before longer roots', () => {
    expect(sut.suggest('ES', 2).map((c) => c.name)).toEqual(['ESZ5', 'ESH6']);
  });
});
