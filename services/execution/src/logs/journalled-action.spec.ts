import { journalledAction, sideOf } from './journalled-action';

describe('the journalled action', () => {
  it.each([
    ['market', 'Buy'],
    ['oso', 'Sell'],
    ['flatten', 'Sell'],
  ] as const)('should give back the side and order type of a %s %s', (orderType, action) => {
    expect(sideOf(journalledAction({ orderType, action }))).toEqual({ action, orderType });
  });

  it.each([null, '', 'Buy', 'market buy', 'market Buy extra'])(
    'should give no side for %p (a rejected webhook, or not a journalled action)',
    (stored) => {
      expect(sideOf(stored)).toEqual({ action: null, orderType: null });
    },
  );
});
