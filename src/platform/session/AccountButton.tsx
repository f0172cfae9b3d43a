import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { SaveConfig } from '../saves/saveConfig.ts';
import { SignInButton } from './SignInButton.tsx';
import { useSession } from './useSession.ts';
import '../ui/controls.css';
import './session.css';

export interface AccountButtonProps {
  saveConfig?: SaveConfig;
  /** Home page: floats at top right. */
  floating?: boolean;
}

// The menu is loaded when it is needed, not with the page: the home page paints without it
// and the save flow (README, "Home page size").
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));

function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/**
 * Sign-in / account button (spec §2). Signed out it opens the sign-in dialog; signed in it
 * toggles the account menu: Save / Load (when the game supplies a saveConfig), My account,
 * Admin console (admins), Sign out.
 */
export function AccountButton({ saveConfig, floating }: AccountButtonProps) {
  const { status, user, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // Outside click closes the menu (spec §2).
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);

  // A sign-out elsewhere (another tab, a failed re-check) closes an open menu.
  useEffect(() => {
    if (!user) setMenuOpen(false);
  }, [user]);

  const className = [
    'account-button',
    floating ? 'account-button--floating' : '',
    user?.isAdmin ? 'account-button--admin' : '',
  ]
    .filter(Boolean)
    .join(' ');

  function closeMenu(returnFocus: boolean) {
    setMenuOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <div className={floating ? 'account-root account-root--floating' : 'account-root'} ref={rootRef}>
      {user ? (
        <button
          ref={buttonRef}
          type="button"
          className={className}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          aria-label={`Account: ${user.displayName}${user.isAdmin ? ' (admin)' : ''}`}
          onClick={() => setMenuOpen((open) => !open)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !menuOpen) {
              event.preventDefault();
              setMenuOpen(true);
            }
          }}
        >
          {user.avatarUrl ? (
            <img
              className="account-button__avatar"
              src={user.avatarUrl}
              alt=""
              referrerPolicy="no-referrer"
            />
          ) : (
            <span className="account-button__avatar account-button__avatar--initial" aria-hidden="true">
              {initialOf(user.displayName)}
            </span>
          )}
          <span className="account-button__label">{user.displayName}</span>
          {user.isAdmin && (
            <span className="account-button__badge" aria-hidden="true">
              Admin
            </span>
          )}
        </button>
      ) : (
        <SignInButton
          className={className}
          reasonClassName="account-offline-reason"
          busy={status === 'loading'}
        >
          <span className="account-button__label">Sign in</span>
        </SignInButton>
      )}

      {user && (
        <Suspense fallback={null}>
          <AccountMenu
            user={user}
            open={menuOpen}
            menuId={menuId}
            saveConfig={saveConfig}
            signOut={signOut}
            close={closeMenu}
          />
        </Suspense>
      )}
    </div>
  );
}
