import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../app/browser';
import { makeAccount, makeConnection } from '../../test/factories';
import { mockServer, reply } from '../../test/mockServer';
import { fill, renderWithProviders, signedInState, TEST_TOKEN } from '../../test-utils';
import { ConnectionsPage } from './ConnectionsPage';

const render = (route = '/connections') =>
  renderWithProviders(<ConnectionsPage />, { route, preloadedState: signedInState() });

describe('ConnectionsPage', () => {
  it('should list connections with summary, sandbox tag and bearer token', async () => {
    const server = mockServer({
      'GET /api/connections': [
        makeConnection({ id: 'a', nickname: 'Sim', sandbox: true, status: 'connected' }),
        makeConnection({ id: 'b', nickname: 'Old', status: 'expired', environment: 'live' }),
      ],
    });
    render();
    const sim = await screen.findByRole('article', { name: 'Connection Sim' });
    expect(within(sim).getByText('Sandbox')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Connection Old' })).queryByText('Sandbox')).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Active' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Expired' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('2')).toBeInTheDocument();
    expect(server.calls[0].headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it("should colour each account badge by that account's own environment", async () => {
    mockServer({
      // An OAuth connection lists its demo and live accounts alike, whatever the connection's environment.
      'GET /api/connections': [
        makeConnection({
          id: 'a',
          nickname: 'Oauth',
          environment: 'demo',
          connectedAccounts: ['DEMO1', 'LIVE1', 'TYPED'],
        }),
        makeConnection({ id: 'b', nickname: 'Live', environment: 'live', connectedAccounts: ['DEMO2', 'LIVE2'] }),
      ],
      'GET /api/accounts': [
        makeAccount({ id: '1', connectionId: 'a', accountName: 'DEMO1', environment: 'demo' }),
        makeAccount({ id: '2', connectionId: 'a', accountName: 'LIVE1', environment: 'live' }),
        makeAccount({ id: '3', connectionId: 'b', accountName: 'DEMO2', environment: 'demo' }),
        makeAccount({ id: '4', connectionId: 'b', accountName: 'LIVE2', environment: 'live' }),
      ],
    });
    render();
    const badge = (connection: string, account: string) =>
      within(
        within(screen.getByRole('article', { name: `Connection ${connection}` })).getByLabelText('Connected accounts'),
      ).getByText(account);
    await waitFor(() => expect(badge('Oauth', 'LIVE1')).toHaveClass('ant-tag-green'));
    expect(badge('Oauth', 'DEMO1')).toHaveClass('ant-tag-gold');
    expect(badge('Live', 'DEMO2')).toHaveClass('ant-tag-gold');
    expect(badge('Live', 'LIVE2')).toHaveClass('ant-tag-green');
    // A name the server lists no account for (typed in the form) can only follow its connection.
    expect(badge('Oauth', 'TYPED')).toHaveClass('ant-tag-gold');
  });

  it('should re-read the accounts after a test, which re-lists them', async () => {
    let tested = false;
    mockServer({
      'GET /api/connections': [makeConnection({ id: 'a', environment: 'demo', connectedAccounts: ['LIVE1'] })],
      'GET /api/accounts': () =>
        reply(200, tested ? [makeAccount({ connectionId: 'a', accountName: 'LIVE1', environment: 'live' })] : []),
      'POST /api/connections/a/test': () => {
        tested = true;
        return reply(200, { success: true, message: 'ok' });
      },
    });
    const { user } = render();
    const badge = async () => within(await screen.findByLabelText('Connected accounts')).getByText('LIVE1');
    expect(await badge()).toHaveClass('ant-tag-gold');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    await waitFor(async () => expect(await badge()).toHaveClass('ant-tag-green'));
  });

  it('should show an empty state', async () => {
    mockServer({ 'GET /api/connections': [] });
    render();
    expect(await screen.findByText(/No connections yet/)).toBeInTheDocument();
  });

  it('should show an error state with the server detail', async () => {
    mockServer({ 'GET /api/connections': () => reply(500, { detail: 'db down', code: 'INTERNAL' }) });
    render();
    expect(await screen.findByText('Could not load connections')).toBeInTheDocument();
    expect(screen.getByText('db down')).toBeInTheDocument();
  });

  it('should send the browser to the OAuth url on Add Another', async () => {
    mockServer({ 'GET /api/connections': [], 'GET /api/tradovate/oauth-url': { url: 'http://sim/oauth' } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /Add Another/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://sim/oauth'));
  });

  it('should report a successful OAuth return and reload', async () => {
    const server = mockServer({ 'GET /api/connections': [] });
    render('/connections?added=1');
    expect(await screen.findByText('Tradovate connected successfully')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/connections').length).toBe(2), { timeout: 2500 });
  });

  it('should report an OAuth error', async () => {
    mockServer({ 'GET /api/connections': [] });
    render('/connections?error=access_denied');
    expect(await screen.findByText('Failed to connect to Tradovate: access_denied')).toBeInTheDocument();
  });

  it('should test a connection and show the result', async () => {
    mockServer({
      'GET /api/connections': [makeConnection({ id: 'a' })],
      'POST /api/connections/a/test': { success: false, error: 'bad password' },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Connection test failed: bad password')).toBeInTheDocument();
  });

  it('should edit a connection without sending a blank password', async () => {
    const server = mockServer({
      'GET /api/connections': [makeConnection({ id: 'a' })],
      'PUT /api/connections/a': (req) => reply(200, makeConnection({ id: 'a', ...(req.body as object) })),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText('Nickname'), 'Renamed');
    await fill(user, within(dialog).getByLabelText('Connected Accounts'), ' A1, ,B2 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/connections/a')).toHaveLength(1));
    const body = server.callsTo('PUT', '/api/connections/a')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ nickname: 'Renamed', connectedAccounts: ['A1', 'B2'] });
    expect(body).not.toHaveProperty('password');
  });

  it('should save an edit of a connection whose client id the server gives as a number', async () => {
    const server = mockServer({
      'GET /api/connections': [makeConnection({ id: 'a', cid: 8 })],
      'PUT /api/connections/a': () => reply(200, makeConnection({ id: 'a' })),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Client ID (cid)')).toHaveValue('8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/connections/a')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/connections/a')[0].body).toMatchObject({ cid: '8' });
  });

  it('should open each edit with its own connection and Add Manually blank, whatever was opened before', async () => {
    mockServer({
      'GET /api/connections': [
        makeConnection({ id: 'a', nickname: 'Alpha' }),
        makeConnection({ id: 'b', nickname: 'Bravo', username: 'bravo' }),
      ],
    });
    const { user } = render();
    const nicknameIn = async () =>
      within(await screen.findByRole('dialog')).getByLabelText<HTMLInputElement>('Nickname').value;
    const cancel = async () => {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await user.click((await screen.findAllByRole('button', { name: 'Edit' }))[0]);
    expect(await nicknameIn()).toBe('Alpha');
    await cancel();
    await user.click(screen.getByRole('button', { name: 'Add Manually' }));
    expect(await nicknameIn()).toBe('');
    await cancel();
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[1]);
    expect(await nicknameIn()).toBe('Bravo');
  });

  it('should require a nickname', async () => {
    mockServer({ 'GET /api/connections': [] });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add Manually' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a nickname')).toBeInTheDocument();
  });

  it('should disconnect and confirm', async () => {
    mockServer({
      'GET /api/connections': [makeConnection({ id: 'a' })],
      'DELETE /api/connections/a': () => reply(204),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Connection deleted successfully!')).toBeInTheDocument();
  });
});
