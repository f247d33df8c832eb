import { describe, expect, it } from 'vitest';
import logsSlice, { pageChanged, pageSizeChanged, refreshed, searchChanged, sortToggled } from './logsSlice';

const reduce = logsSlice.reducer;

describe('logsSlice', () => {
  it('should start at page 1 of 10, newest first', () => {
    expect(reduce(undefined, { type: 'init' })).toMatchObject({ page: 1, pageSize: 10, search: '', sortOrder: 'desc' });
  });

  it('should go back to page 1 when the page size or search changes', () => {
    const onPage3 = reduce(undefined, pageChanged(3));
    expect(reduce(onPage3, pageSizeChanged(25))).toMatchObject({ page: 1, pageSize: 25 });
    expect(reduce(onPage3, searchChanged(' req '))).toMatchObject({ page: 1, search: 'req' });
  });

  it('should reset page and search on refresh', () => {
    const state = reduce(reduce(reduce(undefined, searchChanged('x')), pageChanged(2)), refreshed());
    expect(state).toMatchObject({ page: 1, search: '', resetCount: 1 });
  });

  it('should toggle the sort order', () => {
    expect(reduce(undefined, sortToggled()).sortOrder).toBe('asc');
  });
});
