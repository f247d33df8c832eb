import { jsonbParam } from './jsonb-param';

describe('jsonbParam', () => {
  it('should replace lone surrogates in strings at any depth with U+FFFD', () => {
    const lone = JSON.parse('"a\\ud800b"') as string;

    expect(
      JSON.parse(jsonbParam({ rows: [{ message: lone, n: 1 }], other: JSON.parse('"\\udc00"') as string })),
    ).toEqual({ rows: [{ message: 'a\uFFFDb', n: 1 }], other: '\uFFFD' });
  });

  it('should keep paired surrogates (emoji) and text that only looks like an escape', () => {
    const lone = JSON.parse('"\\ud800"') as string;
    const escapedBackslashThenLone = `\\${lone}`;

    expect(JSON.parse(jsonbParam(['🚀', '\\ud800', '\\\\ud800', escapedBackslashThenLone]))).toEqual([
      '🚀',
      '\\ud800',
      '\\\\ud800',
      '\\\uFFFD',
    ]);
  });
});
