import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { mockServer, reply } from '../../test/mockServer';
import { fill, renderWithProviders, signedInState } from '../../test-utils';
import { TOKEN_KEY } from './tokenStorage';

describe('password reset', () => {
  it('should disable Next until an email is typed, then follow the returned token', async () => {
    mockServer({
      'POST /api/auth/forgot-password': {
        message: 'If the account exists, instructions were sent',
        reset_token: 'tok1',
      },
      'POST /api/auth/validate-reset-token': { valid: true, email: 'a@b.co' },
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/forgot-password' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await fill(user, screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Reset Instructions Sent')).toBeInTheDocument();
    expect(await screen.findByLabelText('New Password', {}, { timeout: 2500 })).toBeInTheDocument();
  });

  it('should say when the token is missing', () => {
    mockServer({});
    renderWithProviders(<AppRoutes />, { route: '/reset-password' });
    expect(screen.getByText('No reset token provided.')).toBeInTheDocument();
  });

  it('should show the invalid-link page', async () => {
    mockServer({ 'POST /api/auth/validate-reset-token': { valid: false } });
    renderWithProviders(<AppRoutes />, { route: '/reset-password?token=bad' });
    expect(await screen.findByText('Invalid Reset Link')).toBeInTheDocument();
    expect(await screen.findByText('Invalid Token')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request New Reset Link' })).toBeInTheDocument();
  });

  it('should check the passwords and then reset', async () => {
    const server = mockServer({
      'POST /api/auth/validate-reset-token': { valid: true, email: 'a@b.co' },
      'POST /api/auth/reset-password': () => reply(200, { message: 'Password updated' }),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/reset-password?token=tok1' });
    await fill(user, await screen.findByLabelText('New Password'), 'password1');
    await fill(user, screen.getByLabelText('Confirm Password'), 'password2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
        token: 'tok1',
        new_password: 'password1',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('should clear the stored token on the registration-success page', () => {
    window.localStorage.setItem(TOKEN_KEY, 'x');
    mockServer({});
    renderWithProviders(<AppRoutes />, { route: '/registration-success' });
    expect(screen.getByText('Registration Successful!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created and is pending approval.')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('should sign the header out too when a signed-in visitor lands on the registration-success page', async () => {
    mockServer({});
    const { store } = renderWithProviders(<AppRoutes />, {
      route: '/registration-success',
      preloadedState: signedInState(),
    });
    expect(screen.getByText('Registration Successful!')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.status).not.toBe('authenticated'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('trader@example.com')).not.toBeInTheDocument();
  });
});
