import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeLog, makeLogDetail } from '../../test/factories';
import { mockServer, reply } from '../../test/mockServer';
import { fill, renderWithProviders, signedInState } from '../../test-utils';
import { LogsPage } from './LogsPage';
import { SEARCH_DEBOUNCE_MS } from './types';

const page = (items = [makeLog()], total = items.length, total_pages = 1) => ({ items, total, total_pages });
const render = () => renderWithProviders(<LogsPage />, { route: '/logs', preloadedState: signedInState() });

describe('LogsPage', () => {
  it('should request page 1 of 10 and show rows with badges', async () => {
    const server = mockServer({
      'GET /api/logs': page(
        [
          makeLog({ id: '1', requestId: 'req-1', action: 'Buy' }),
          makeLog({ id: '2', requestId: 'req-2', action: 'Sell', orderType: 'oso' }),
        ],
        12,
        2,
      ),
    });
    render();
    expect(await screen.findByText('req-1')).toBeInTheDocument();
    // Spec: Action, Buy green and other red; the order type beside it.
    expect(screen.getByText('Buy')).toHaveClass('ant-tag-green');
    expect(screen.getByText('Sell')).toHaveClass('ant-tag-red');
    expect(screen.getByText('market')).toBeInTheDocument();
    expect(screen.getByText('oso')).toBeInTheDocument();
    expect(screen.getByText('12 items')).toBeInTheDocument();
    expect(screen.getByText('2 pages')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    const url = server.callsTo('GET', '/api/logs')[0].url;
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('page_size')).toBe('10');
    expect(url.searchParams.has('q')).toBe(false);
  });

  it('should count one item on one page in the singular', async () => {
    mockServer({ 'GET /api/logs': page([makeLog({ requestId: 'req-only' })]) });
    render();
    expect(await screen.findByText('req-only')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(screen.getByText('1 page')).toBeInTheDocument();
  });

  it('should show a dash for what a rejected webhook lacks', async () => {
    mockServer({
      'GET /api/logs': page([
        makeLog({ alertName: null, symbol: null, action: null, orderType: null, status: 'rejected' }),
      ]),
    });
    render();
    expect(await screen.findByText('rejected')).toBeInTheDocument();
    expect(screen.getAllByText('-').length).toBeGreaterThanOrEqual(3);
  });

  it('should show the order type of a refused webhook whose body named no valid side', async () => {
    mockServer({
      'GET /api/logs': page([makeLog({ action: null, orderType: 'limit', status: 'rejected' })]),
    });
    render();
    const row = await screen.findByRole('row', { name: /rejected/ });
    expect(within(row).getByText('limit')).toBeInTheDocument();
    expect(within(row).queryByText('Buy')).not.toBeInTheDocument();
    expect(within(row).queryByText('Sell')).not.toBeInTheDocument();
  });

  it('should colour each status so placed, partly placed and refused read apart at a glance', async () => {
    const statuses = ['completed', 'partial', 'failed', 'rejected', 'received', 'processing', 'duplicate'];
    mockServer({
      'GET /api/logs': page(statuses.map((status, i) => makeLog({ id: `l${i}`, requestId: `req-${i}`, status }))),
    });
    render();
    const tag = async (status: string) =>
      within(await screen.findByRole('row', { name: new RegExp(status) })).getByText(status);
    expect(await tag('completed')).toHaveClass('ant-tag-green');
    expect(await tag('partial')).toHaveClass('ant-tag-orange');
    expect(await tag('failed')).toHaveClass('ant-tag-red');
    expect(await tag('rejected')).toHaveClass('ant-tag-red');
    expect(await tag('received')).toHaveClass('ant-tag-blue');
    expect(await tag('processing')).toHaveClass('ant-tag-blue');
    // A duplicate placed nothing by design: neither good nor bad news, so neutral.
    expect((await tag('duplicate')).className).not.toMatch(/ant-tag-(green|orange|red|blue|gold)/);
  });

  it('should lay the date-range chips out to wrap, and choose one without a request', async () => {
    const server = mockServer({ 'GET /api/logs': page() });
    const { user } = render();
    await screen.findByText('req-abc');
    const chips = screen.getByRole('group', { name: 'Date range' });
    // jsdom cannot measure a 390 px screen; what it can check is that the chips sit in a wrapping row, not one
    // that scrolls sideways and hides the last of them (seen on a phone).
    expect(chips).toHaveClass('ant-flex-wrap-wrap');
    expect(chips).not.toHaveStyle({ overflowX: 'auto' });
    const names = within(chips)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Today', 'Yesterday', 'This Month', 'Past Month', 'This Year']);
    expect(within(chips).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(chips).getByRole('button', { name: 'This Year' }));
    expect(within(chips).getByRole('button', { name: 'This Year' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(chips).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
    // Spec: the chips do not change the request.
    expect(server.callsTo('GET', '/api/logs')).toHaveLength(1);
  });

  it('should stack each row in one cell on a phone, its status and View button in reach', async () => {
    vi.stubGlobal('innerWidth', 390);
    mockServer({
      'GET /api/logs': page([makeLog({ requestId: 'req-phone', alertName: 'MNQ breakout', status: 'completed' })]),
    });
    const { user } = render();
    const row = await screen.findByRole('row', { name: /req-phone/ });
    // One cell, not the six columns that scrolled sideways inside the card and hid the last ones.
    expect(within(row).getAllByRole('cell')).toHaveLength(1);
    expect(screen.queryByRole('columnheader', { name: 'Request ID' })).not.toBeInTheDocument();
    const terms = within(row)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Timestamp', 'Request ID', 'Alert', 'Symbol', 'Action', 'Status']);
    expect(within(row).getByText('MNQ breakout')).toBeInTheDocument();
    expect(within(row).getByText('completed')).toHaveClass('ant-tag-green');
    await user.click(within(row).getByRole('button', { name: 'View request req-phone' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    // Sorting stays: the stacked column's header is the same toggle.
    expect(screen.getByRole('button', { name: 'Timestamp, sorted descending' })).toBeInTheDocument();
  });

  it('should show the empty text', async () => {
    mockServer({ 'GET /api/logs': page([], 0, 0) });
    render();
    expect(await screen.findByText('No trade logs found for the selected range.')).toBeInTheDocument();
  });

  it('should go to the next page', async () => {
    const server = mockServer({ 'GET /api/logs': page([makeLog()], 30, 3) });
    const { user } = render();
    await screen.findByText('req-abc');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(screen.getAllByRole('button', { name: 'Next' })[0]);
    await waitFor(() => expect(server.callsTo('GET', '/api/logs').at(-1)?.url.searchParams.get('page')).toBe('2'));
  });

  it('should search by request id after the debounce', async () => {
    const server = mockServer({ 'GET /api/logs': page() });
    const { user } = render();
    await screen.findByText('req-abc');
    await fill(user, screen.getByRole('searchbox', { name: 'Search by request ID' }), 'req-9');
    expect(server.callsTo('GET', '/api/logs')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('GET', '/api/logs').at(-1)?.url.searchParams.get('q')).toBe('req-9'), {
      timeout: 1500,
    });
  });

  it('should show the search still applied when the user comes back to the page, and keep applying it', async () => {
    const server = mockServer({ 'GET /api/logs': page() });
    const { user, store, unmount } = render();
    await screen.findByText('req-abc');
    await fill(user, screen.getByRole('searchbox', { name: 'Search by request ID' }), 'req-9');
    await waitFor(() => expect(server.callsTo('GET', '/api/logs').at(-1)?.url.searchParams.get('q')).toBe('req-9'), {
      timeout: 1500,
    });
    unmount();

    renderWithProviders(<LogsPage />, { route: '/logs', store });

    expect(await screen.findByRole('searchbox', { name: 'Search by request ID' })).toHaveValue('req-9');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    expect(server.callsTo('GET', '/api/logs').at(-1)?.url.searchParams.get('q')).toBe('req-9');
  });

  it('should refresh to page 1 without the search and show what the server has now, in one click', async () => {
    // The server's answer changes with every unsearched request: the first load, then the refresh.
    let unsearched = 0;
    const server = mockServer({
      'GET /api/logs': (req) => {
        if (req.url.searchParams.has('q')) {
          return reply(200, page([makeLog({ id: 's', requestId: 'req-found' })]));
        }
        unsearched += 1;
        return reply(
          200,
          page([makeLog({ id: `u${unsearched}`, requestId: unsearched === 1 ? 'req-old' : 'req-new' })]),
        );
      },
    });
    const { user } = render();
    await screen.findByText('req-old');
    const search = screen.getByRole('searchbox', { name: 'Search by request ID' });
    await fill(user, search, 'req-found');
    expect(await screen.findByText('req-found', {}, { timeout: 1500 })).toBeInTheDocument();
    const before = server.callsTo('GET', '/api/logs').length;

    await user.click(screen.getByRole('button', { name: /Refresh/ }));

    expect(await screen.findByText('req-new')).toBeInTheDocument();
    expect(search).toHaveValue('');
    // Long enough for a search the box had kept to have been sent again.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    const sent = server.callsTo('GET', '/api/logs').slice(before);
    expect(sent.map((c) => c.url.searchParams.get('q'))).toEqual([null]);
    expect(sent[0].url.searchParams.get('page')).toBe('1');
  });

  it('should open the real request, response and execution events', async () => {
    mockServer({
      'GET /api/logs': page([makeLog({ id: 'log-1', requestId: 'req-abc' })]),
      'GET /api/logs/log-1': makeLogDetail({ request: { alert_id: 'al-77' }, response: { message: 'Processed' } }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'View request req-abc' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/"alert_id": "al-77"/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Webhook Response' }));
    expect(await within(dialog).findByText(/"message": "Processed"/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Execution Events' }));
    expect(await within(dialog).findByText('Order placed')).toBeInTheDocument();
    expect(within(dialog).getByText('42 ms')).toBeInTheDocument();
  });

  it('should show an error state', async () => {
    mockServer({ 'GET /api/logs': () => reply(503, { detail: 'execution unavailable', code: 'UNAVAILABLE' }) });
    render();
    expect(await screen.findByText('execution unavailable')).toBeInTheDocument();
  });
});
