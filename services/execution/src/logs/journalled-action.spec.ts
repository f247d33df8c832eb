import { journalledAction, sideOf } from './journalled-action';

describe('the journalled action', () => {
  it.each([
    ['market', 'Buy'],
    ['oso', 'Sell'],
    ['flatten', 'Sell'],
  ] as const)('should give back the side and order type of a %s %s', (orderType, action) => {
    expect(sideOf(journalledAction({ orderType, action }))).toEqual({ action, orderType });
  });

  it.each([
    ['stop', null],
    [null, 'Sell'],
  ] as const)(
    'should give back the one part a refused body named validly (order type %p, side %p)',
    (orderType, action) => {
      expect(sideOf(journalledAction({ orderType, action }))).toEqual({ action, orderType });
    },
  );

  it('should journal nothing when the body named neither', () => {
    expect(journalledAction({ orderType: null, action: null })).toBeNull();
  });

  it.each([null, '', 'buy', 'market buy', 'Buy market', 'twap Buy', 'market Buy extra'])(
    'should give no side and no order type for %p (not a journalled action)',
    (stored) => {
      expect(sideOf(stored)).toEqual({ action: null, orderType: null });
    },
  );
});
