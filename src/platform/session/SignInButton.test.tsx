// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_TEXT } from '../../lib/pwa/online.ts';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { SignInButton } from './SignInButton.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderButton() {
  render(
    <SignInButton className="button" reasonClassName="reason">
      Sign in
    </SignInButton>,
  );
  return screen.getByRole('button', { name: 'Sign in' });
}

beforeEach(() => {
  installFakeFetch({
    '/api/account/providers.php': {
      json: {
        success: true,
        devLogin: false,
        providers: [{ id: 'google', name: 'Google', available: true }],
      },
    },
  });
});
afterEach(() => {
  cleanup();
  setOnline(true);
});

describe('SignInButton', () => {
  it('opens the sign-in dialog; Escape closes it and focus comes back to the button', async () => {
    const button = renderButton();
    const user = userEvent.setup();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Google/ })).toHaveProperty('disabled', false),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog.isConnected && dialog.hasAttribute('open')).toBe(false));
    expect(document.activeElement).toBe(button);
  });

  it('while the session check runs, is disabled and marked busy', () => {
    render(
      <SignInButton className="button" reasonClassName="reason" busy>
        Sign in
      </SignInButton>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('offline, is disabled and says why; back online, it works again', () => {
    setOnline(false);
    const button = renderButton();
    expect(button).toHaveProperty('disabled', true);
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(OFFLINE_TEXT.signIn);
    setOnline(true);
    expect(button).toHaveProperty('disabled', false);
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText(OFFLINE_TEXT.signIn)).toBeNull();
  });
});
