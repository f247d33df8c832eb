import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../app/browser';
import { AppRoutes } from '../../app/routes';
import { mockServer, reply } from '../../test/mockServer';
import { fill, renderWithProviders } from '../../test-utils';
import { TOKEN_KEY } from './tokenStorage';

const me = { id: 'u1', email: 'a@b.co', is_active: true, is_admin: false, created_at: '', last_login: null };

describe('LoginPage', () => {
  it('should show a missing-field error and toast when fields are empty', async () => {
    mockServer({});
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Please fill in all fields')).not.toHaveLength(0);
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
  });

  it('should reject a short password', async () => {
    mockServer({});
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await fill(user, screen.getByLabelText('Email'), 'a@b.co');
    await fill(user, screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
  });

  it('should store the token, greet, and go to /connections', async () => {
    const server = mockServer({
      'POST /api/auth/login': { access_token: 'tok', token_type: 'bearer' },
      'GET /api/auth/me': me,
      'GET /api/connections': [],
    });
    const { user, store } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await fill(user, screen.getByLabelText('Email'), 'a@b.co');
    await fill(user, screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login Successful!')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(server.callsTo('GET', '/api/auth/me')[0].headers.get('authorization')).toBe('Bearer tok');
    await waitFor(() => expect(store.getState().auth.status).toBe('authenticated'));
    expect(await screen.findByRole('heading', { name: 'Manage Connections' }, { timeout: 2000 })).toBeInTheDocument();
  });

  it("should show the server's detail when login is refused", async () => {
    mockServer({
      'POST /api/auth/login': () => reply(403, { detail: 'Account pending approval', code: 'X', requestId: 'r' }),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await fill(user, screen.getByLabelText('Email'), 'a@b.co');
    await fill(user, screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Account pending approval').length).toBeGreaterThan(0);
  });

  it('should clear the fields when switching tabs', async () => {
    mockServer({});
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await fill(user, screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('should register, notify, and load /registration-success after 2 s', async () => {
    const server = mockServer({ 'POST /api/auth/register': () => reply(201, me) });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login?tab=register' });
    await fill(user, screen.getByLabelText('Email'), 'a@b.co');
    await fill(user, screen.getByLabelText('Password'), 'password1');
    await fill(user, screen.getByLabelText('Confirm Password'), 'password2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration Successful!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/register')[0].body).toEqual({ email: 'a@b.co', password: 'password1' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/registration-success'), { timeout: 3000 });
  });
});
