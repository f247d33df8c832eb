import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount, makeAlert, makeGroup } from '../../test/factories';
import { mockServer, reply, type Routes } from '../../test/mockServer';
import { fill, findDialog, renderWithProviders, signedInState } from '../../test-utils';
import { AlertsPage } from './AlertsPage';

const base: Routes = {
  'GET /api/groups': [makeGroup({ id: 'g1', name: 'Scalpers' })],
  'GET /api/accounts': [makeAccount({ id: 'acc-1', accountName: 'DEMO123' })],
};
const render = () => renderWithProviders(<AlertsPage />, { route: '/alerts', preloadedState: signedInState() });

describe('AlertsPage', () => {
  it('should show stats and the alerts with group and account names', async () => {
    mockServer({
      ...base,
      'GET /api/alerts': [
        makeAlert({ id: 'a1', name: 'NQ', groupIds: ['g1', 'gone'], accountIds: ['acc-1'] }),
        makeAlert({ id: 'a2', name: 'ES', status: 'inactive', symbolId: null }),
      ],
    });
    render();
    expect(await screen.findByText('NQ')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active Alerts' })).getByText('1/20')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Alerts' })).getByText('2')).toBeInTheDocument();
    expect(await screen.findByText('Scalpers')).toBeInTheDocument();
    expect(screen.getByText('Group')).toBeInTheDocument();
    expect(await screen.findByText('DEMO123')).toBeInTheDocument();
    expect(screen.getByText('12345')).toBeInTheDocument();
  });

  it('should show the empty state', async () => {
    mockServer({ ...base, 'GET /api/alerts': [] });
    render();
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
  });

  it('should create an alert with a mapped symbol, group and account', async () => {
    const server = mockServer({
      ...base,
      'GET /api/alerts': [],
      'POST /api/symbols/search': {
        success: true,
        contracts: [{ contract_id: 777, symbol: 'MNQZ5', tick: 0.25, description: 'Micro E-mini Nasdaq' }],
      },
      'POST /api/alerts': (r) => reply(201, makeAlert(r.body as object)),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /Create Alert/ }));
    const dialog = await findDialog('Create New Alert');
    expect(within(dialog).getByText(/You need an active Tradovate connection to map symbols/)).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Alert Name'), 'My alert');
    await user.click(within(dialog).getByRole('button', { name: 'Map Symbol' }));
    const search = await findDialog('Add Symbol Mapping');
    expect(within(search).getByRole('button', { name: 'Add Symbol' })).toBeDisabled();
    await fill(user, within(search).getByPlaceholderText('Enter symbol (e.g., MNQ)'), 'MNQ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/symbols/search')[0]?.body).toEqual({ symbol: 'MNQ' }));
    await user.click(await within(search).findByRole('radio', { name: /MNQZ5/ }));
    expect(within(search).getByText('Tick: 0.25')).toBeInTheDocument();
    await user.click(within(search).getByRole('button', { name: 'Add Symbol' }));
    expect(await screen.findByText('MNQZ5 has been mapped successfully')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Symbol')).toHaveValue('MNQZ5');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Scalpers' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /DEMO123/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/alerts')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/alerts')[0].body).toEqual({
      name: 'My alert',
      symbol: 'MNQZ5',
      symbolId: 777,
      status: 'active',
      source: 'external',
      groupIds: ['g1'],
      accountIds: ['acc-1'],
      atmEnabled: false,
    });
  });

  it('should explain a search without an active connection', async () => {
    mockServer({
      ...base,
      'GET /api/alerts': [],
      'POST /api/symbols/search': { success: false, contracts: [], error: 'No active Tradovate connection' },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /Create Alert/ }));
    const form = await findDialog('Create New Alert');
    await user.click(within(form).getByRole('button', { name: 'Map Symbol' }));
    const search = await findDialog('Add Symbol Mapping');
    const symbol = within(search).getByPlaceholderText('Enter symbol (e.g., MNQ)');
    await fill(user, symbol, 'MNQ');
    expect(symbol).toHaveValue('MNQ');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    expect(
      await within(search).findByText(/No active Tradovate connection found. Please go to the Connections page/),
    ).toBeInTheDocument();
  });

  it("should show the server's detail when the active-alert limit is reached", async () => {
    mockServer({
      ...base,
      'GET /api/alerts': [makeAlert({ id: 'a1', name: 'NQ' })],
      'PUT /api/alerts/a1': () => reply(409, { detail: 'At most 20 active alerts', code: 'ALERT_LIMIT_REACHED' }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit NQ' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('At most 20 active alerts')).toBeInTheDocument();
  });

  it('should delete at once', async () => {
    const server = mockServer({
      ...base,
      'GET /api/alerts': [makeAlert({ id: 'a1', name: 'NQ' })],
      'DELETE /api/alerts/a1': () => reply(204),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete NQ' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/alerts/a1')).toHaveLength(1));
    await waitFor(() => expect(server.callsTo('GET', '/api/alerts')).toHaveLength(2));
  });
});
