import fc from 'fast-check';

/**
 * Generators of hostile request bodies as JSON *text* (what express and the webhook route parse), so
 * keys like `__proto__` arrive as own properties exactly as JSON.parse makes them, and nesting can be
 * deeper than JSON.stringify could write.
 */
export const NASTY_STRINGS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "' OR 1=1 --",
  "'; DROP TABLE auth.users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{close}}',
  '${process.exit(1)}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '\u0000',
  '\u202e',
  '\uFEFF',
  '\uD800',
  '🚀💥',
  'Ǆǅǆ',
  'ÅÅ',
  '١٢٣',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  ' ',
  '',
];

const key = (fields: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fields) },
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ maxLength: 20 }),
  );

const nestedText = fc
  .tuple(fc.integer({ min: 2, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

const hugeString = fc
  .tuple(fc.integer({ min: 300, max: 20_000 }), fc.constantFrom('x', 'é', '🚀', '\\u0000', '<'))
  .map(([n, c]) => `"${c.repeat(n)}"`);

/** One JSON value as text: scalars of every type, edge numbers, nasty/huge/unicode strings, deep nesting. */
export const hostileValueText = (fields: readonly string[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS).map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map((s) => JSON.stringify(`${s}\u0000${s}`)) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((s) => JSON.stringify(s)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e308',
        '-1e308',
        '2147483648',
        '9007199254740993',
        'true',
        'false',
        'null',
        '[]',
        '{}',
      ),
    },
    { weight: 1, arbitrary: hugeString },
    { weight: 1, arbitrary: nestedText },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...fields, '__proto__').map((k) => `{${JSON.stringify(k)}:{"polluted":true}}`),
    },
  );

/** A JSON object text: each entry a known field or a hostile key with a hostile value. */
export const hostileObjectText = (fields: readonly string[]): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(key(fields), hostileValueText(fields)), { maxLength: 8 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);

/** A valid body with one field replaced (or one key added) by a hostile value: reaches deeper checks. */
export const mutatedBodyText = (valid: Record<string, unknown>): fc.Arbitrary<string> =>
  fc.tuple(key(Object.keys(valid)), hostileValueText(Object.keys(valid))).map(([k, v]) => {
    const rest = Object.entries(valid)
      .filter(([name]) => name !== k)
      .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
    return `{${[...rest, `${JSON.stringify(k)}:${v}`].join(',')}}`;
  });

/** Any body a client could send: a hostile object, a mutated valid one, or a bare hostile value. */
export const hostileBodyText = (valid: Record<string, unknown>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: mutatedBodyText(valid) },
    { weight: 3, arbitrary: hostileObjectText(Object.keys(valid)) },
    { weight: 1, arbitrary: hostileValueText(Object.keys(valid)) },
  );

/** True when a prototype got a property it should not have (a pollution). */
export const prototypePolluted = (): boolean =>
  (({}) as Record<string, unknown>).polluted !== undefined ||
  Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted');
