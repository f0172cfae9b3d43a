import { useCallback, useEffect, useId, useState } from 'react';
import type { AdminListedUser, OkResponse } from '../../api/types.ts';
import { alertDialog } from '../ui/asyncDialogs.tsx';
import { fetchUsers, formatWhen, setUserActive, setUserAdmin, USERS_PAGE_SIZE } from './adminApi.ts';

type UsersState =
  | { phase: 'loading' }
  | { phase: 'error' }
  | { phase: 'ready'; users: AdminListedUser[]; total: number };

/** User Management (spec §2): search, 25 a page, activate/deactivate, grant/remove admin. */
export function UsersTab() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [queryInput, setQueryInput] = useState('');
  const [state, setState] = useState<UsersState>({ phase: 'loading' });
  const [busyId, setBusyId] = useState<string | null>(null);
  const searchId = useId();

  const load = useCallback(async () => {
    try {
      const answer = await fetchUsers(page, query);
      if (!answer.success) throw new Error(answer.error);
      setState({ phase: 'ready', users: answer.users ?? [], total: answer.total ?? 0 });
    } catch {
      setState({ phase: 'error' });
    }
  }, [page, query]);

  useEffect(() => {
    void load();
  }, [load]);

  async function update(user: AdminListedUser, call: () => Promise<OkResponse>) {
    setBusyId(user.id);
    try {
      const answer = await call();
      if (!answer.success) await alertDialog(answer.error || 'Failed to update');
      await load();
    } catch {
      await alertDialog('Update failed');
    } finally {
      setBusyId(null);
    }
  }

  const pages = state.phase === 'ready' ? Math.max(1, Math.ceil(state.total / USERS_PAGE_SIZE)) : 1;

  return (
    <div className="admin-tab">
      <form
        className="admin-filter"
        aria-label="Search users"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQuery(queryInput);
        }}
      >
        <label htmlFor={searchId} className="pf-label">
          Search users
        </label>
        <input
          id={searchId}
          className="pf-input"
          type="search"
          value={queryInput}
          onChange={(e) => setQueryInput(e.target.value)}
          placeholder="Name or email"
        />
        <button type="submit" className="button button--small">
          Search
        </button>
      </form>
      {state.phase === 'loading' && <p className="pf-muted">Loading…</p>}
      {state.phase === 'error' && (
        <p className="pf-error" role="alert">
          Failed to load users
        </p>
      )}
      {state.phase === 'ready' && state.users.length === 0 && <p className="pf-muted">No users found.</p>}
      {state.phase === 'ready' && state.users.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Providers</th>
                <th scope="col">Created</th>
                <th scope="col">Last login</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="pf-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.users.map((user) => (
                <tr key={user.id} className={user.isActive ? undefined : 'admin-row--inactive'}>
                  <th scope="row">
                    <span className="admin-user__name">{user.displayName}</span>
                    <span className="admin-user__email">{user.email ?? '—'}</span>
                  </th>
                  <td>{user.providers.join(', ') || '—'}</td>
                  <td>{formatWhen(user.createdAt)}</td>
                  <td>{formatWhen(user.lastLogin)}</td>
                  <td>
                    <span
                      className={user.isActive ? 'admin-pill admin-pill--ok' : 'admin-pill admin-pill--off'}
                    >
                      {user.isActive ? 'Active' : 'Inactive'}
                    </span>
                    {user.isAdmin && <span className="admin-pill admin-pill--admin">Admin</span>}
                  </td>
                  <td className="admin-actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={busyId === user.id}
                      aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${user.displayName}`}
                      onClick={() => void update(user, () => setUserActive(user.id, !user.isActive))}
                    >
                      {user.isActive ? 'Deactivate' : 'Activate'}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={busyId === user.id}
                      aria-label={`${user.isAdmin ? 'Remove admin from' : 'Grant admin to'} ${user.displayName}`}
                      onClick={() => void update(user, () => setUserAdmin(user.id, !user.isAdmin))}
                    >
                      {user.isAdmin ? 'Remove admin' : 'Grant admin'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.phase === 'ready' && state.total > USERS_PAGE_SIZE && (
        <nav className="admin-pager" aria-label="User pages">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
