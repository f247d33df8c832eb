import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { alertSelected, orderTypeSelected, selectProgress } from './webhooksSlice';

describe('webhooksSlice', () => {
  it('should count progress from 1 to 3 and renew the user id on each selection', () => {
    const store = makeStore();
    expect(selectProgress(store.getState())).toBe(1);
    store.dispatch(alertSelected('a1'));
    const first = store.getState().webhooks.qvUserId;
    expect(selectProgress(store.getState())).toBe(2);
    store.dispatch(orderTypeSelected('market'));
    expect(selectProgress(store.getState())).toBe(3);
    expect(store.getState().webhooks.qvUserId).not.toBe(first);
    store.dispatch(alertSelected(null));
    expect(selectProgress(store.getState())).toBe(2);
  });
});
