import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { OFFLINE_TEXT, useOnline } from '../../lib/pwa/online.ts';
import type { SaveConfig } from '../saves/saveConfig.ts';
import { useSaveFlow } from '../saves/useSaveFlow.tsx';
import { SignInDialog } from './SignInDialog.tsx';
import { useSession } from './useSession.ts';
import '../ui/controls.css';
import './session.css';

export interface AccountButtonProps {
  saveConfig?: SaveConfig;
  /** Home page: floats at top right. */
  floating?: boolean;
}

interface MenuItem {
  label: string;
  run: () => void;
  /** Why the item cannot be used now (offline), shown with it. */
  disabledReason?: string;
}

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
  const navigate = useNavigate();
  const [signInOpen, setSignInOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const saveFlow = useSaveFlow(saveConfig);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
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

  // Opening the menu moves focus to its first item, for keyboard users.
  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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

  const items: MenuItem[] = [];
  if (user) {
    if (saveConfig) {
      const disabledReason = online ? undefined : OFFLINE_TEXT.saveLoad;
      items.push({ label: 'Save', run: () => void saveFlow.save(), disabledReason });
      items.push({ label: 'Load', run: saveFlow.openLoad, disabledReason });
    }
    items.push({ label: 'My account', run: () => navigate('/account') });
    if (user.isAdmin) items.push({ label: 'Admin console', run: () => navigate('/admin') });
    items.push({ label: 'Sign out', run: () => void signOut() });
  }

  function closeMenu(returnFocus: boolean) {
    setMenuOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      closeMenu(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(at + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(at - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(entries.length - 1);
    } else if (event.key === 'Tab') {
      setMenuOpen(false);
    }
  }

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
          onClick={() => setSignInOpen(true)}
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

      {menuOpen && user && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label="Account"
          className="account-menu"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabledReason ? true : undefined}
              title={item.disabledReason}
              className={
                item.label === 'Sign out'
                  ? 'account-menu__item account-menu__item--end'
                  : 'account-menu__item'
              }
              onClick={() => {
                if (item.disabledReason) return;
                closeMenu(item.label !== 'My account' && item.label !== 'Admin console');
                item.run();
              }}
            >
              {item.label}
              {item.disabledReason && <span className="account-menu__reason">{item.disabledReason}</span>}
            </button>
          ))}
        </div>
      )}

      <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
      {saveFlow.loadDialog}
    </div>
  );
}
