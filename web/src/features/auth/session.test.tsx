import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { mockServer, reply } from '../../test/mockServer';
import { makeJwt, renderWithProviders, signedInState } from '../../test-utils';
import { TOKEN_KEY } from './tokenStorage';

const me = { id: 'u1', email: 'a@b.co', is_active: true, is_admin: true, created_at: '', last_login: null };
const future = () => Math.floor(Date.now() / 1000) + 3600;

describe('session', () => {
  it('should redirect signed-out visitors to /login', () => {
    mockServer({});
    renderWithProviders(<AppRoutes />, { route: '/alerts' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('should restore a stored valid token and welcome back', async () => {
    const token = makeJwt({ sub: 'u1', exp: future() });
    window.localStorage.setItem(TOKEN_KEY, token);
    const server = mockServer({ 'GET /api/auth/me': me, 'GET /api/connections': [] });
    const { store } = renderWithProviders(<AppRoutes />, { route: '/' });
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trade Logs' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/auth/me')[0].headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(store.getState().auth.user?.isAdmin).toBe(true);
    expect(screen.getByText('User Management')).toBeInTheDocument();
  });

  it('should drop an expired token without calling the server', async () => {
    window.localStorage.setItem(TOKEN_KEY, makeJwt({ sub: 'u1', exp: 1 }));
    const server = mockServer({});
    renderWithProviders(<AppRoutes />, { route: '/connections' });
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(server.calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('should remove the stored token when the server fails the verification', async () => {
    window.localStorage.setItem(TOKEN_KEY, makeJwt({ sub: 'u1', exp: future() }));
    mockServer({ 'GET /api/auth/me': () => reply(403, { detail: 'Account is pending approval', code: 'FORBIDDEN' }) });
    renderWithProviders(<AppRoutes />, { route: '/groups' });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('should say only that the session ended when the server refuses the stored token (401)', async () => {
    window.localStorage.setItem(TOKEN_KEY, makeJwt({ sub: 'u1', exp: future() }));
    mockServer({ 'GET /api/auth/me': () => reply(401, { detail: 'Unauthorized', code: 'UNAUTHORIZED' }) });
    const { store } = renderWithProviders(<AppRoutes />, { route: '/groups' });
    expect(await screen.findByText('Your session is no longer valid. Please sign in again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.status).toBe('anonymous');
    // Give a second notice time to appear: the server answered, so "could not reach" would be false.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('Authentication Error')).toHaveLength(1);
    expect(screen.queryByText(/Could not reach the server/)).toBeNull();
  });

  it('should keep the stored token when the server cannot be reached, so a reload checks it again', async () => {
    const token = makeJwt({ sub: 'u1', exp: future() });
    window.localStorage.setItem(TOKEN_KEY, token);
    mockServer({
      'GET /api/auth/me': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { store } = renderWithProviders(<AppRoutes />, { route: '/groups' });
    expect(await screen.findByText(/Could not reach the server/)).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('anonymous');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('should keep the stored token when the server answers the check with a 5xx (no verdict on the token)', async () => {
    const token = makeJwt({ sub: 'u1', exp: future() });
    window.localStorage.setItem(TOKEN_KEY, token);
    mockServer({ 'GET /api/auth/me': () => reply(502, { detail: 'Bad gateway', code: 'BROKER_UNAVAILABLE' }) });
    const { store } = renderWithProviders(<AppRoutes />, { route: '/groups' });
    expect(await screen.findByText(/could not verify your session just now/)).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('anonymous');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('should end the session on a 401 from any call', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'stored');
    mockServer({ 'GET /api/groups': () => reply(401, { detail: 'Unauthorized', code: 'UNAUTHORIZED' }) });
    const { store } = renderWithProviders(<AppRoutes />, { route: '/groups', preloadedState: signedInState() });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.status).toBe('anonymous'));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('should log out from the header menu', async () => {
    mockServer({});
    const { user, store } = renderWithProviders(<AppRoutes />, { route: '/', preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByText('Logout'));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('should send unknown paths home', () => {
    mockServer({});
    renderWithProviders(<AppRoutes />, { route: '/nowhere', preloadedState: signedInState() });
    expect(screen.getByText('Quick Actions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More Tools: coming soon' })).toHaveAttribute('aria-disabled', 'true');
  });
});
