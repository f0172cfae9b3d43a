import { useCallback, useState } from 'react';
import type { AdminListedUser, OkResponse } from '../../api/types.ts';
import { alertDialog } from '../ui/asyncDialogs.tsx';
import { AdminTable } from './AdminTable.tsx';
import { fetchUsers, formatWhen, setUserActive, setUserAdmin, USERS_PAGE_SIZE } from './adminApi.ts';
import { FilterForm } from './FilterForm.tsx';
import { PagedTable } from './PagedTable.tsx';

/** User Management (spec §2): search, 25 a page, activate/deactivate, grant/remove admin. */
export function UsersTab() {
  const [query, setQuery] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(
    async (offset: number) => {
      const answer = await fetchUsers(Math.floor(offset / USERS_PAGE_SIZE) + 1, query);
      if (!answer.success) throw new Error(answer.error);
      return { items: answer.users ?? [], total: answer.total ?? 0 };
    },
    [query],
  );

  async function update(user: AdminListedUser, call: () => Promise<OkResponse>, reload: () => Promise<void>) {
    setBusyId(user.id);
    try {
      const answer = await call();
      if (!answer.success) await alertDialog(answer.error || 'Failed to update');
      await reload();
    } catch {
      await alertDialog('Update failed');
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="admin-tab">
      <FilterForm
        formLabel="Search users"
        label="Search users"
        type="search"
        placeholder="Name or email"
        submitLabel="Search"
        onApply={setQuery}
      />
      {/* A new search starts over at page 1. */}
      <PagedTable
        key={query}
        pageSize={USERS_PAGE_SIZE}
        load={load}
        pagerLabel="User pages"
        emptyText="No users found."
        errorText="Failed to load users"
      >
        {(users, reload) => (
          <AdminTable columns={['User', 'Providers', 'Created', 'Last login', 'Status']} actions>
            {users.map((user) => (
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
                    onClick={() => void update(user, () => setUserActive(user.id, !user.isActive), reload)}
                  >
                    {user.isActive ? 'Deactivate' : 'Activate'}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={busyId === user.id}
                    aria-label={`${user.isAdmin ? 'Remove admin from' : 'Grant admin to'} ${user.displayName}`}
                    onClick={() => void update(user, () => setUserAdmin(user.id, !user.isAdmin), reload)}
                  >
                    {user.isAdmin ? 'Remove admin' : 'Grant admin'}
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </PagedTable>
    </div>
  );
}
