import { continuousRoot, isContinuousSymbol, parseContinuousSymbol, symbolRoot, toTradovateSymbol } from './symbols';

describe('toTradovateSymbol', () => {
  it.each([
    ['MNQZ2025', 'MNQZ5'],
    ['MNQZ25', 'MNQZ5'],
    ['MNQZ5', 'MNQZ5'],
    ['mnqz2025', 'MNQZ5'],
    ['CME_MINI:MNQZ2025', 'MNQZ5'],
    ['M2KH2026', 'M2KH6'],
    ['6EM2026', '6EM6'],
    ['NQH2030', 'NQH0'],
    [' ESU2026 ', 'ESU6'],
  ])('should map %s to %s', (input, expected) => {
    expect(toTradovateSymbol(input)).toBe(expected);
  });

  it('should leave roots and continuous symbols recognisable', () => {
    expect(toTradovateSymbol('MNQ')).toBe('MNQ');
    expect(toTradovateSymbol('CME_MINI:MNQ1!')).toBe('MNQ1!');
  });
});

describe('parseContinuousSymbol', () => {
  it('should read root and index of continuous symbols', () => {
    expect(parseContinuousSymbol('MNQ1!')).toEqual({ root: 'MNQ', index: 1 });
    expect(parseContinuousSymbol('CME_MINI:M2K2!')).toEqual({ root: 'M2K', index: 2 });
  });

  it('should answer null for dated contracts', () => {
    expect(parseContinuousSymbol('MNQZ5')).toBeNull();
    expect(isContinuousSymbol('MNQZ2025')).toBe(false);
    expect(continuousRoot('ES1!')).toBe('ES');
  });
});

describe('symbolRoot', () => {
  it('should find the product root', () => {
    expect(symbolRoot('MNQZ5')).toBe('MNQ');
    expect(symbolRoot('6EH6')).toBe('6E');
    expect(symbolRoot('ES1!')).toBe('ES');
    expect(symbolRoot('MES')).toBe('MES');
  });
});
