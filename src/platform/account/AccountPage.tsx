import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SessionUser } from '../../api/types.ts';
import { GameHeader } from '../header/GameHeader.tsx';
import { formatSavedAt } from '../saves/LoadDialog.tsx';
import { deleteSave, listSaves, type SaveListItem } from '../saves/savesClient.ts';
import { SignInButton } from '../session/SignInButton.tsx';
import { useSessionStore } from '../session/sessionStore.ts';
import { useSession } from '../session/useSession.ts';
import { alertDialog, confirmDialog } from '../ui/asyncDialogs.tsx';
import { DISPLAY_NAME_MAX, deleteMyAccount, SAVE_APPS, saveDisplayName } from './accountApi.ts';
import '../ui/controls.css';
import './account.css';

/** How many saves the page lists (the user's limit is 500; §7 lets list pages go to 200). */
const ACCOUNT_SAVES_LIMIT = 200;

function DisplayNameForm({ user }: { user: SessionUser }) {
  const updateUser = useSessionStore((s) => s.updateUser);
  const [name, setName] = useState(user.displayName);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const inputId = useId();

  useEffect(() => setName(user.displayName), [user.displayName]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const displayName = name.trim();
    if (!displayName || saving) return;
    setSaving(true);
    setMessage(null);
    try {
      updateUser(await saveDisplayName(displayName));
      setMessage({ ok: true, text: 'Saved' });
    } catch {
      setMessage({ ok: false, text: 'Failed to save' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="account-form" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="pf-label">
        Display name
      </label>
      <div className="account-form__row">
        <input
          id={inputId}
          className="pf-input"
          value={name}
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="nickname"
          onChange={(e) => {
            setName(e.target.value);
            setMessage(null);
          }}
        />
        <button type="submit" className="button" disabled={!name.trim() || saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      <p
        className={message?.ok ? 'account-form__message pf-success' : 'account-form__message pf-error'}
        role="status"
      >
        {message?.text ?? ''}
      </p>
    </form>
  );
}

type SavesState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; items: SaveListItem[] };

function groupByApp(items: SaveListItem[]): [string, SaveListItem[]][] {
  const groups = new Map<string, SaveListItem[]>();
  for (const item of items) groups.set(item.appId, [...(groups.get(item.appId) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) =>
    (SAVE_APPS[a]?.label ?? a).localeCompare(SAVE_APPS[b]?.label ?? b),
  );
}

function SavedItems() {
  const [saves, setSaves] = useState<SavesState>({ phase: 'loading' });

  const load = useCallback(async () => {
    try {
      setSaves({ phase: 'ready', items: await listSaves(null, { limit: ACCOUNT_SAVES_LIMIT }) });
    } catch {
      setSaves({ phase: 'error' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(item: SaveListItem) {
    if (!(await confirmDialog(`Delete "${item.key}"?`, { okLabel: 'Delete', danger: true }))) return;
    try {
      await deleteSave(item.appId, item.id);
      setSaves((s) =>
        s.phase === 'ready' ? { phase: 'ready', items: s.items.filter((i) => i.id !== item.id) } : s,
      );
    } catch {
      await alertDialog('Delete failed');
    }
  }

  return (
    <section className="account-card" aria-labelledby="account-saves">
      <h2 id="account-saves">Saved items</h2>
      {saves.phase === 'loading' && <p className="pf-muted">Loading…</p>}
      {saves.phase === 'error' && (
        <p className="pf-error" role="alert">
          Failed to load saves
        </p>
      )}
      {saves.phase === 'ready' && saves.items.length === 0 && <p className="pf-muted">No saved items yet.</p>}
      {saves.phase === 'ready' &&
        groupByApp(saves.items).map(([appId, items]) => {
          const app = SAVE_APPS[appId];
          return (
            <section key={appId} className="account-saves__group" aria-label={app?.label ?? appId}>
              <h3 className="account-saves__app">{app?.label ?? appId}</h3>
              <ul className="account-saves__list">
                {items.map((item) => (
                  <li key={item.id} className="account-saves__item">
                    <div className="account-saves__what">
                      {app ? (
                        <Link
                          className="account-saves__name"
                          to={`${app.route}?loadId=${encodeURIComponent(item.id)}`}
                        >
                          {item.key}
                        </Link>
                      ) : (
                        <span className="account-saves__name">{item.key}</span>
                      )}
                      <span className="account-saves__date">{formatSavedAt(item.updatedAt)}</span>
                    </div>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Delete ${item.key}`}
                      onClick={() => void remove(item)}
                    >
                      Delete
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
    </section>
  );
}

function DeleteAccount() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function deleteEverything() {
    const sure = await confirmDialog(
      'Delete your account and all its data (saves, scores linked to you, ratings)? This cannot be undone.',
      { title: 'Delete account', okLabel: 'Delete my account', danger: true },
    );
    if (!sure) return;
    setBusy(true);
    try {
      const code = await deleteMyAccount();
      // The server has ended the session; settle the store without another call.
      useSessionStore.setState({ status: 'signedOut', user: null, error: null });
      navigate(`/privacy?deleted=1&code=${encodeURIComponent(code)}`);
    } catch (error) {
      setBusy(false);
      await alertDialog(error instanceof Error ? error.message : 'Delete failed');
    }
  }

  return (
    <section className="account-card account-card--danger" aria-labelledby="account-delete">
      <h2 id="account-delete">Delete account</h2>
      <p className="pf-muted">
        Removes your account and everything stored with it. Scores you submitted stay on the boards without
        your account.
      </p>
      <button
        type="button"
        className="button pf-button--danger"
        disabled={busy}
        onClick={() => void deleteEverything()}
      >
        {busy ? 'Deleting…' : 'Delete my account and data'}
      </button>
    </section>
  );
}

/** My account (spec §2): display name, saved items by app, account deletion. */
export default function AccountPage() {
  const { status, user } = useSession();
  return (
    <div className="page account-page">
      <GameHeader title="My Account" />
      <main className="account-main">
        {status === 'loading' && <p className="pf-muted">Loading…</p>}
        {status === 'signedOut' && (
          <div className="account-card account-card--center">
            <p>Please sign in to manage your account.</p>
            <SignInButton className="button" reasonClassName="account-card__offline">
              Sign in
            </SignInButton>
          </div>
        )}
        {user && (
          <>
            <section className="account-card account-profile" aria-labelledby="account-profile">
              <h2 id="account-profile">Profile</h2>
              <div className="account-profile__who">
                {user.avatarUrl ? (
                  <img
                    className="account-profile__avatar"
                    src={user.avatarUrl}
                    alt=""
                    referrerPolicy="no-referrer"
                  />
                ) : (
                  <span
                    className="account-profile__avatar account-profile__avatar--initial"
                    aria-hidden="true"
                  >
                    {(user.displayName.trim()[0] ?? '?').toUpperCase()}
                  </span>
                )}
                <div>
                  <p className="account-profile__name">{user.displayName}</p>
                  {user.email && <p className="pf-muted account-profile__email">{user.email}</p>}
                  {user.isAdmin && <p className="account-profile__role">Administrator</p>}
                </div>
              </div>
              <DisplayNameForm user={user} />
            </section>
            <SavedItems />
            <DeleteAccount />
          </>
        )}
      </main>
    </div>
  );
}
