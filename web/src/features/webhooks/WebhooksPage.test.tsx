import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount, makeAlert, makeGroup } from '../../test/factories';
import { mockServer, reply, type Routes } from '../../test/mockServer';
import { renderWithProviders, signedInState } from '../../test-utils';
import { WebhooksPage } from './WebhooksPage';

const WEBHOOK_URL = 'http://localhost:3000/api/webhooks/tradingview/s3cret';
const routes = (extra: Routes = {}): Routes => ({
  'GET /api/alerts': [makeAlert({ id: 'al-1', name: 'NQ breakout', groupIds: ['g1'], accountIds: ['acc-1'] })],
  'GET /api/groups': [
    makeGroup({
      id: 'g1',
      name: 'Scalpers',
      accounts: [{ id: 'c1', username: 'bob', environment: 'live', provider: 'Tradovate' }],
    }),
  ],
  'GET /api/accounts': [makeAccount({ id: 'acc-1', accountName: 'DEMO123' })],
  'GET /api/webhooks/endpoint': { url: WEBHOOK_URL },
  ...extra,
});

async function choose(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('combobox', { name: 'Alert' }));
  await user.click(await screen.findByTitle('NQ breakout (MNQZ5)'));
  expect(screen.getByText('2/3')).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: 'OSO' }));
}

describe('WebhooksPage', () => {
  it('should show the placeholder until an alert and order type are chosen', () => {
    mockServer(routes());
    renderWithProviders(<WebhooksPage />, { preloadedState: signedInState() });
    expect(screen.getByText('Ready to Generate Webhooks')).toBeInTheDocument();
    expect(screen.getByText('1/3')).toBeInTheDocument();
    expect(screen.getByText('Execute immediately at current price')).toBeInTheDocument();
  });

  it('should generate the JSON, targets and the real URL, and toast once', async () => {
    mockServer(routes());
    const { user } = renderWithProviders(<WebhooksPage />, { preloadedState: signedInState() });
    await choose(user);
    expect(await screen.findByText('Webhook generated successfully!')).toBeInTheDocument();
    expect(screen.getByText('3/3')).toBeInTheDocument();
    const json = JSON.parse(screen.getByLabelText('Webhook JSON', { selector: 'pre' }).textContent ?? '') as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({
      alert_id: 'al-1',
      quantlynk: 'NQ breakout',
      order_type: 'oso',
      take_profit: { ticks: 20 },
    });
    expect(await screen.findByDisplayValue(WEBHOOK_URL)).toBeInTheDocument();
    const accounts = screen.getByRole('region', { name: 'Connected Accounts' });
    expect(within(accounts).getByText('bob')).toBeInTheDocument();
    expect(await within(accounts).findByText('DEMO123')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Trading Groups' })).getByText('Scalpers')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Market' }));
    expect(screen.getAllByText('Webhook generated successfully!')).toHaveLength(1);
  });

  it('should count and list each broker account the orders go to, once, as execution plans them', async () => {
    mockServer(
      routes({
        'GET /api/alerts': [
          makeAlert({ id: 'al-1', name: 'NQ breakout', groupIds: ['g1'], accountIds: ['acc-1', 'b-2', 'twin'] }),
        ],
        'GET /api/groups': [
          makeGroup({
            id: 'g1',
            name: 'Scalpers',
            accounts: [
              { id: 'c1', username: 'bob', environment: 'live', provider: 'Tradovate' },
              { id: 'c2', username: 'carol', environment: 'demo', provider: 'Tradovate' },
            ],
          }),
        ],
        'GET /api/accounts': [
          makeAccount({ id: 'acc-1', accountName: 'DEMO123', connectionName: 'Main' }),
          makeAccount({ id: 'b-1', accountName: 'LIVE1', brokerAccountId: 1, connectionId: 'c1', environment: 'live' }),
          makeAccount({ id: 'b-2', accountName: 'LIVE2', brokerAccountId: 2, connectionId: 'c1', environment: 'live' }),
          // bob's login linked a second time: LIVE1's row on that connection, the same broker account.
          makeAccount({
            id: 'twin',
            accountName: 'LIVE1',
            brokerAccountId: 1,
            connectionId: 'c9',
            environment: 'live',
          }),
        ],
      }),
    );
    const { user } = renderWithProviders(<WebhooksPage />, { preloadedState: signedInState() });
    await choose(user);
    const list = screen.getByRole('region', { name: 'Connected Accounts' });
    await within(list).findByText('LIVE1');
    // bob's two accounts (LIVE2 also chosen by itself and LIVE1 through a second link, counted once) and Main's
    // DEMO123: three orders a signal.
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'LIVE1 bobTradovate live',
      'LIVE2 bobTradovate live',
      'carol no accounts synchronised yetTradovate demo',
      'DEMO123 MainTradovate demo',
    ]);
    const details = screen.getByText('Accounts').closest('tr')!;
    expect(details).toHaveTextContent('Accounts3');
  });

  it('should post a test order to the webhook path and report the counts', async () => {
    const server = mockServer(
      routes({
        'POST /api/webhooks/tradingview/s3cret': {
          message: 'ok',
          successful: 2,
          failed: 1,
          total: 3,
          results: [],
          request_id: 'r',
          processed_orders: 2,
          failed_orders: 1,
        },
      }),
    );
    const { user } = renderWithProviders(<WebhooksPage />, { preloadedState: signedInState() });
    await choose(user);
    await screen.findByDisplayValue(WEBHOOK_URL);
    await user.click(screen.getByRole('button', { name: /Test Webhook/ }));
    expect(server.callsTo('POST', '/api/webhooks/tradingview/s3cret')).toHaveLength(0); // it asks first: real orders
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Processed 2 orders, 1 failed')).toBeInTheDocument();
    const body = server.callsTo('POST', '/api/webhooks/tradingview/s3cret')[0].body;
    expect(body).toMatchObject({ action: 'buy', quantity: '1', alert_id: 'al-1', order_type: 'oso' });
  });

  it('should show the server detail when the test is refused', async () => {
    mockServer(
      routes({
        'POST /api/webhooks/tradingview/s3cret': () =>
          reply(422, { detail: 'Alert is inactive', code: 'ALERT_INACTIVE' }),
      }),
    );
    const { user } = renderWithProviders(<WebhooksPage />, { preloadedState: signedInState() });
    await choose(user);
    await screen.findByDisplayValue(WEBHOOK_URL);
    await user.click(screen.getByRole('button', { name: /Test Webhook/ }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Test Webhook Failed')).toBeInTheDocument();
    expect(screen.getByText('Alert is inactive')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Test Webhook/ })).toBeEnabled());
  });
});
