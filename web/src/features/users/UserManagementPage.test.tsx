import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { makeUser } from '../../test/factories';
import { mockServer, reply } from '../../test/mockServer';
import { fill, renderWithProviders, signedInState } from '../../test-utils';

const admin = makeUser({
  id: 'u1',
  email: 'admin@example.com',
  is_active: true,
  is_admin: true,
  last_login: '2025-02-01T00:00:00Z',
});
const pending = makeUser({ id: 'u2', email: 'pending@example.com' });
const render = () =>
  renderWithProviders(<AppRoutes />, {
    route: '/user-management',
    preloadedState: signedInState({ id: 'u1', isAdmin: true }),
  });

describe('UserManagementPage', () => {
  it('should deny non-administrators', () => {
    mockServer({});
    renderWithProviders(<AppRoutes />, { route: '/user-management', preloadedState: signedInState() });
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });

  it('should show counts, Never for no login, and filter', async () => {
    mockServer({ 'GET /api/users': [admin, pending] });
    const { user } = render();
    expect(await screen.findByText('pending@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Inactive' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Search by email or ID' }), 'admin');
    expect(screen.queryByText('pending@example.com')).toBeNull();
  });

  it('should approve a user and apply it locally', async () => {
    const server = mockServer({
      'GET /api/users': [admin, pending],
      'PUT /api/users/u2/status': () => reply(200, { ...pending, is_active: true }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Approve pending@example.com' }));
    expect(await screen.findByText('User Approved')).toBeInTheDocument();
    expect(screen.getByText('pending@example.com has been approved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/users/u2/status')[0].body).toEqual({ is_active: true });
    expect(await screen.findByRole('button', { name: 'Reject pending@example.com' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/users')).toHaveLength(1);
  });

  it('should confirm before deleting and remove the row', async () => {
    mockServer({ 'GET /api/users': [admin, pending], 'DELETE /api/users/u2': () => reply(204) });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete pending@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete user pending@example.com?')).toBeInTheDocument();
    expect(
      within(dialog).getByText('This action cannot be undone. All user data will be permanently removed.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('pending@example.com')).toBeNull());
  });

  it('should say when users cannot be loaded', async () => {
    mockServer({ 'GET /api/users': () => reply(500, { detail: 'boom', code: 'INTERNAL' }) });
    render();
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
  });
});
