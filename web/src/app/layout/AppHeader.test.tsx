import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, reply } from '../../test/mockServer';
import { makeJwt, renderWithProviders } from '../../test-utils';
import { AppRoutes } from '../routes';

describe('AppHeader', () => {
  it('should offer neither Login nor Register while a stored session is being checked, then show the account', async () => {
    const token = makeJwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 });
    let answer: ((r: ReturnType<typeof reply>) => void) | undefined;
    mockServer({
      'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithProviders(<AppRoutes />, {
      route: '/connections',
      preloadedState: { auth: { token, status: 'checking', user: null } },
    });

    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer!(
      reply(200, {
        id: 'u1',
        email: 'trader@example.com',
        is_admin: false,
        is_active: true,
        created_at: '2025-01-01T00:00:00Z',
        last_login: null,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Account menu for trader@example.com' })).toBeInTheDocument();
  });
});
