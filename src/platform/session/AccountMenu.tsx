import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionUser } from '../../api/types.ts';
import { OFFLINE_TEXT, useOnline } from '../../lib/pwa/online.ts';
import type { SaveConfig } from '../saves/saveConfig.ts';
import { useSaveFlow } from '../saves/useSaveFlow.tsx';

interface MenuItem {
  label: string;
  run: () => void;
  /** Why the item cannot be used now (offline), shown with it. */
  disabledReason?: string;
}

export interface AccountMenuProps {
  user: SessionUser;
  open: boolean;
  menuId: string;
  saveConfig?: SaveConfig;
  signOut: () => Promise<void>;
  /** Closes the menu; returnFocus puts focus back on the account button. */
  close: (returnFocus: boolean) => void;
}

/**
 * The signed-in account menu (spec §2): Save / Load (when the game supplies a saveConfig),
 * My account, Admin console (admins), Sign out, and the Load dialog. Its own chunk, loaded
 * once someone is signed in: the home page paints without it (AccountButton).
 */
export function AccountMenu({ user, open, menuId, saveConfig, signOut, close }: AccountMenuProps) {
  const navigate = useNavigate();
  const saveFlow = useSaveFlow(saveConfig);
  const online = useOnline();
  const menuRef = useRef<HTMLDivElement>(null);

  const items: MenuItem[] = [];
  if (saveConfig) {
    const disabledReason = online ? undefined : OFFLINE_TEXT.saveLoad;
    items.push({ label: 'Save', run: () => void saveFlow.save(), disabledReason });
    items.push({ label: 'Load', run: saveFlow.openLoad, disabledReason });
  }
  items.push({ label: 'My account', run: () => navigate('/account') });
  if (user.isAdmin) items.push({ label: 'Admin console', run: () => navigate('/admin') });
  items.push({ label: 'Sign out', run: () => void signOut() });

  return (
    <>
      {open && (
        <Menu menuId={menuId} menuRef={menuRef} close={close}>
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
                close(item.label !== 'My account' && item.label !== 'Admin console');
                item.run();
              }}
            >
              {item.label}
              {item.disabledReason && <span className="account-menu__reason">{item.disabledReason}</span>}
            </button>
          ))}
        </Menu>
      )}
      {saveFlow.loadDialog}
    </>
  );
}

function Menu({
  menuId,
  menuRef,
  close,
  children,
}: {
  menuId: string;
  menuRef: RefObject<HTMLDivElement | null>;
  close: (returnFocus: boolean) => void;
  children: React.ReactNode;
}) {
  // Opening the menu moves focus to its first item, for keyboard users.
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [menuRef]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
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
      close(false);
    }
  }

  return (
    <div
      id={menuId}
      ref={menuRef}
      role="menu"
      aria-label="Account"
      className="account-menu"
      onKeyDown={onMenuKeyDown}
    >
      {children}
    </div>
  );
}
