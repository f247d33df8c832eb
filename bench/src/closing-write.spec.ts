import { roundOrder, summarise } from './closing-write';

describe('the closing-write bench', () => {
  it('should rotate the variants each round, so that each runs first once and all run every round', () => {
    const items = ['a', 'b', 'c'];

    expect([0, 1, 2].map((r) => roundOrder(items, r))).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
    ]);
  });

  it("should report each variant's median of its rounds, and its ratio to the first variant's median", () => {
    const variants = [
      { name: 'as it is', alter: [] },
      { name: 'lighter', alter: ['ALTER TABLE x'] },
    ];
    const rounds = new Map([
      [
        'as it is',
        [{ 5: { pglite: 1.0, main: 0.2 } }, { 5: { pglite: 1.4, main: 0.3 } }, { 5: { pglite: 1.2, main: 0.4 } }],
      ],
      [
        'lighter',
        [{ 5: { pglite: 0.9, main: 0.2 } }, { 5: { pglite: 0.6, main: 0.2 } }, { 5: { pglite: 3.0, main: 0.2 } }],
      ],
    ]);

    const sut = summarise(variants, rounds, [5]);

    expect(sut.map((v) => [v.name, v.byBatch[5].median, v.byBatch[5].ratio])).toEqual([
      ['as it is', { pglite: 1.2, main: 0.3 }, { pglite: 1, main: 1 }],
      ['lighter', { pglite: 0.9, main: 0.2 }, { pglite: 0.75, main: 0.67 }],
    ]);
    expect(sut[1].byBatch[5].rounds.map((c) => c.pglite)).toEqual([0.9, 0.6, 3.0]);
  });
});
