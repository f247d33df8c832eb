import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeConnection, makeGroup } from '../../test/factories';
import { mockServer, reply } from '../../test/mockServer';
import { fill, renderWithProviders, signedInState } from '../../test-utils';
import { GroupsPage } from './GroupsPage';

const member = { id: 'c0a1b2c3-d4e5', username: 'trader1', environment: 'demo' as const, provider: 'Tradovate' };
const render = () => renderWithProviders(<GroupsPage />, { route: '/groups', preloadedState: signedInState() });

describe('GroupsPage', () => {
  it('should show groups with member cards and the empty member text', async () => {
    mockServer({
      'GET /api/groups': [
        makeGroup({
          id: 'g1',
          name: 'Scalpers',
          accountsCount: 1,
          selectedConnectionIds: [member.id],
          accounts: [member],
        }),
        makeGroup({ id: 'g2', name: 'Empty' }),
      ],
    });
    render();
    expect(await screen.findByText('1 account(s)')).toBeInTheDocument();
    expect(screen.getByText('0 account(s)')).toBeInTheDocument();
    const card = screen.getByRole('group', { name: 'Member trader1' });
    expect(within(card).getByText('c0a1b2')).toBeInTheDocument();
    expect(within(card).getByText('demo')).toBeInTheDocument();
    expect(screen.getByText('No accounts added')).toBeInTheDocument();
    expect(screen.getByText('Click the + button to add accounts')).toBeInTheDocument();
  });

  it('should create a group', async () => {
    const server = mockServer({
      'GET /api/groups': [],
      'POST /api/groups': (r) => reply(201, makeGroup(r.body as object)),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /Create Group/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Create Group')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Group Name'), 'Swing');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/groups')[0]?.body).toEqual({ name: 'Swing' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/groups')).toHaveLength(2));
  });

  it('should open Create Group blank after an edit, and each edit with its own group', async () => {
    mockServer({
      'GET /api/groups': [makeGroup({ id: 'g1', name: 'Scalpers' }), makeGroup({ id: 'g2', name: 'Swing' })],
    });
    const { user } = render();
    const nameIn = async () =>
      within(await screen.findByRole('dialog')).getByLabelText<HTMLInputElement>('Group Name').value;
    const cancel = async () => {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await user.click(await screen.findByRole('button', { name: 'Edit Scalpers' }));
    expect(await nameIn()).toBe('Scalpers');
    await cancel();
    await user.click(screen.getByRole('button', { name: /Create Group/ }));
    expect(await nameIn()).toBe('');
    await cancel();
    await user.click(screen.getByRole('button', { name: 'Edit Swing' }));
    expect(await nameIn()).toBe('Swing');
  });

  it('should add connections to a group', async () => {
    const server = mockServer({
      'GET /api/groups': [makeGroup({ id: 'g1', name: 'Scalpers' })],
      'GET /api/connections': [makeConnection({ id: 'abcd-ef12-3456', username: 'bob' })],
      'PUT /api/groups/g1': (r) => reply(200, makeGroup(r.body as object)),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add account to Scalpers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Account to Scalpers' });
    expect(await within(dialog).findByText('BOB')).toBeInTheDocument();
    expect(within(dialog).getByText('abcdef12')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', '/api/groups/g1')[0]?.body).toEqual({ connection_ids: ['abcd-ef12-3456'] }),
    );
  });

  it('should say when there are no connections to add', async () => {
    mockServer({ 'GET /api/groups': [makeGroup({ id: 'g1', name: 'Scalpers' })], 'GET /api/connections': [] });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add account to Scalpers' }));
    expect(await screen.findByText('No connections available. Please add connections first.')).toBeInTheDocument();
  });

  it('should remove a member', async () => {
    const server = mockServer({
      'GET /api/groups': [
        makeGroup({
          id: 'g1',
          name: 'Scalpers',
          accountsCount: 1,
          selectedConnectionIds: [member.id],
          accounts: [member],
        }),
      ],
      'PUT /api/groups/g1': (r) => reply(200, makeGroup(r.body as object)),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Remove trader1 from Scalpers' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/groups/g1')[0]?.body).toEqual({ connection_ids: [] }));
  });

  it('should show the server detail when delete fails', async () => {
    mockServer({
      'GET /api/groups': [makeGroup({ id: 'g1', name: 'Scalpers' })],
      'DELETE /api/groups/g1': () => reply(409, { detail: 'Group is used by an alert', code: 'CONFLICT' }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete Scalpers' }));
    expect(await screen.findByText('Group is used by an alert')).toBeInTheDocument();
  });
});
