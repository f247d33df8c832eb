import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, waitFor, within, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { makeStore, type AppStore, type RootState } from './app/store';
import type { SessionUser } from './features/auth/authSlice';

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  route?: string;
  store?: AppStore;
}

export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, route = '/', store = makeStore(preloadedState), ...renderOptions } = options;
  // No delay between events: antd re-renders per keystroke and real delays multiply across suites.
  const user = userEvent.setup({ delay: null });
  const result = render(
    // 'server' mode keeps antd's CSS-in-JS out of the document: jsdom's getComputedStyle (used by role
    // queries and user-event) slows to seconds per call with thousands of injected rules.
    <StyleProvider mock="server">
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>
    </StyleProvider>,
    renderOptions,
  );
  return { store, user, ...result };
}

export const TEST_TOKEN = 'test-token';

export function signedInState(user: Partial<SessionUser> = {}): Partial<RootState> {
  return {
    auth: {
      token: TEST_TOKEN,
      status: 'authenticated',
      user: { id: 'u1', email: 'trader@example.com', isAdmin: false, isActive: true, ...user },
    },
  };
}

/** A structurally valid unsigned JWT: the client only reads its claims. */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

type User = ReturnType<typeof userEvent.setup>;

/** Replaces a field's text in one input event: typing key by key into antd inputs is slow in jsdom. */
export async function fill(user: User, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

/**
 * The open dialog whose title text matches, once it has finished opening: antd labels every dialog with the
 * same id under NODE_ENV=test, so accessible names of stacked dialogs collide.
 *
 * "Finished" means it holds the focus. When its opening motion ends, rc-dialog moves the focus into it
 * unless the focus is already there, taking it from wherever it is, including a dialog opened on top of it
 * meanwhile. A test that opened a second dialog and clicked into it before the first had settled lost what
 * it pasted next (CI, 2026-11-27 and 2026-12-06); a person rarely clicks that fast.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const match = screen.getAllByRole('dialog').find((d) => within(d).queryAllByText(title).length > 0);
    if (!match) {
      throw new Error(`No open dialog titled ${title}`);
    }
    if (!match.contains(document.activeElement)) {
      throw new Error(`The dialog titled ${title} is still opening: it does not hold the focus yet`);
    }
    return match;
  });
}
