import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { OFFLINE_TEXT, useOnline } from '../../lib/pwa/online.ts';
import type { SaveConfig } from '../saves/saveConfig.ts';
import { useSession } from './useSession.ts';
import '../ui/controls.css';
import './session.css';

export interface AccountButtonProps {
  saveConfig?: SaveConfig;
  /** Home page: floats at top right. */
  floating?: boolean;
}

// What the button opens is loaded when it is needed, not with the page: the home page paints
// without the dialogs and the save flow (README, "Home page size").
const loadSignInDialog = () => import('./SignInDialog.tsx');
const loadAccountMenu = () => import('./AccountMenu.tsx');
const SignInDialog = lazy(() => loadSignInDialog().then((m) => ({ default: m.SignInDialog })));
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

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
  const [signInOpen, setSignInOpen] = useState(false);
  // The dialog stays mounted once opened, so closing it runs its own close (focus return).
  const [signInWanted, setSignInWanted] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const offlineReasonId = useId();
  const online = useOnline();

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

  // A pointer over the button or focus on it fetches the dialog's chunk ahead of the click.
  const preloadSignIn = () => void loadSignInDialog();

  return (
    <div className={floating ? 'account-root account-root--floating' : 'account-root'} ref={rootRef}>
      {status === 'loading' ? (
        <button type="button" className={className} disabled aria-busy="true">
          <span className="account-button__label">Sign in</span>
        </button>
      ) : user ? (
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
        <button
          type="button"
          className={className}
          onClick={() => {
            setSignInWanted(true);
            setSignInOpen(true);
          }}
          onPointerEnter={preloadSignIn}
          onFocus={preloadSignIn}
          disabled={!online}
          aria-describedby={online ? undefined : offlineReasonId}
          title={online ? undefined : OFFLINE_TEXT.signIn}
        >
          <span className="account-button__label">Sign in</span>
        </button>
      )}

      {!online && !user && (
        <span id={offlineReasonId} className="account-offline-reason">
          {OFFLINE_TEXT.signIn}
        </span>
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

      {signInWanted && (
        <Suspense fallback={null}>
          <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
