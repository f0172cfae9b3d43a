// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/types.ts';
import type { SaveConfig } from '../saves/saveConfig.ts';
import { DialogHost, resetDialogsForTests } from '../ui/asyncDialogs.tsx';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { AccountButton } from './AccountButton.tsx';
import { isDevHost, pageNavigation } from './pageNavigation.ts';
import { resetSessionForTests } from './sessionStore.ts';

const ann: SessionUser = { id: 'u1', displayName: 'Ann', avatarUrl: null, isAdmin: false, email: null };

let api: ReturnType<typeof installFakeFetch>;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

function signedInAs(user: SessionUser | null) {
  api.setRoute('/api/account/validate.php', { json: { success: !!user, user } });
}

function renderButton(props: { saveConfig?: SaveConfig; floating?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <p>Outside</p>
            <AccountButton {...props} />
            <DialogHost />
          </>
        ),
      },
      { path: '/account', element: <h1>Account page</h1> },
      { path: '/admin', element: <h1>Admin page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetSessionForTests();
  api = installFakeFetch({
    '/api/account/validate.php': { json: { success: false, user: null } },
    '/api/account/providers.php': {
      json: {
        success: true,
        devLogin: true,
        providers: [
          { id: 'google', name: 'Google', available: true },
          { id: 'microsoft', name: 'Microsoft', available: false },
          { id: 'facebook', name: 'Facebook', available: false },
        ],
      },
    },
    'POST /api/account/logout.php': { json: { success: true } },
  });
  assign = vi.fn<(url: string) => void>();
  pageNavigation.assign = assign;
});
afterEach(() => {
  cleanup();
  resetDialogsForTests();
  resetSessionForTests();
  vi.unstubAllGlobals();
});

describe('AccountButton signed out', () => {
  it('opens the sign-in dialog with provider availability from the server', async () => {
    renderButton({ floating: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    const google = await screen.findByRole('button', { name: /Google/ });
    await waitFor(() => expect((google as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByRole('button', { name: /Microsoft/ }) as HTMLButtonElement).disabled).toBe(true);
    const facebook = screen.getByRole('button', { name: /Facebook/ }) as HTMLButtonElement;
    expect(facebook.disabled).toBe(true);
    expect(facebook.textContent).toContain('coming soon');
    await user.click(google);
    expect(assign).toHaveBeenCalledWith('/api/account/oauth/start.php?provider=google');
    expect(dialog.textContent).toContain('Dev: Admin'); // jsdom's host is localhost
  });

  it('the Dev buttons navigate to dev_login with the current path', async () => {
    renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Dev: User' }));
    expect(assign).toHaveBeenCalledWith(
      `/api/account/dev_login.php?as=user&redirect=${encodeURIComponent('/')}`,
    );
    await user.click(screen.getByRole('button', { name: 'Dev: Invalid' }));
    expect(assign).toHaveBeenLastCalledWith(expect.stringContaining('as=invalid'));
  });
});

describe('isDevHost', () => {
  it('is true only for localhost and IP addresses', () => {
    expect(isDevHost('localhost')).toBe(true);
    expect(isDevHost('127.0.0.1')).toBe(true);
    expect(isDevHost('192.168.1.20')).toBe(true);
    expect(isDevHost('[::1]')).toBe(true);
    expect(isDevHost('futile.example.com')).toBe(false);
    expect(isDevHost('999.1.1.1')).toBe(false);
  });
});

describe('AccountButton signed in', () => {
  it('toggles the menu: My account, Sign out; no Save/Load without a saveConfig; no Admin item', async () => {
    signedInAs(ann);
    renderButton();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Account: Ann' });
    expect(button.className).not.toContain('account-button--admin');
    await user.click(button);
    const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(items).toEqual(['My account', 'Sign out']);
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('admins get a distinct button and the Admin console item', async () => {
    signedInAs({ ...ann, isAdmin: true });
    const router = renderButton();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Account: Ann (admin)' });
    expect(button.className).toContain('account-button--admin');
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Admin console' }));
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('My account leads to /account', async () => {
    signedInAs(ann);
    const router = renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account: Ann' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My account' }));
    expect(router.state.location.pathname).toBe('/account');
  });

  it('closes on an outside click and on Escape (focus back on the button); arrows move between items', async () => {
    signedInAs(ann);
    renderButton({
      saveConfig: {
        appId: 'synth',
        getData: () => null,
        onLoad: () => {},
        current: null,
        setCurrent: () => {},
      },
    });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Account: Ann' });
    await user.click(button);
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual([
      'Save',
      'Load',
      'My account',
      'Sign out',
    ]);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();

    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Save');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Load');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign out');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("Save runs the save flow ('Nothing to save' here)", async () => {
    signedInAs(ann);
    renderButton({
      saveConfig: {
        appId: 'synth',
        getData: () => null,
        onLoad: () => {},
        current: null,
        setCurrent: () => {},
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account: Ann' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Nothing to save' })).toBeTruthy();
  });

  it('Sign out clears the user even when the call fails', async () => {
    signedInAs(ann);
    api.setRoute('POST /api/account/logout.php', new TypeError('offline'));
    renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account: Ann' }));
    signedInAs(null);
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
