import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry } from '../../api/types.ts';
import { AdminTable } from './AdminTable.tsx';
import { AUDIT_PAGE_SIZE, fetchAudit, formatWhen } from './adminApi.ts';

/** What admins did, newest first (GET /api/admin/audit.php), 50 at a time. */
export function AuditTab() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState(false);

  const loadFrom = useCallback(async (offset: number) => {
    try {
      const answer = await fetchAudit(offset);
      if (!answer.success) throw new Error(answer.error);
      const page = answer.entries ?? [];
      setEntries((prev) => (offset === 0 ? page : [...(prev ?? []), ...page]));
      setHasMore(page.length === AUDIT_PAGE_SIZE);
      setFailed(false);
    } catch (error) {
      console.error('Failed to load the audit log', error);
      setEntries((prev) => prev ?? []);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void loadFrom(0);
  }, [loadFrom]);

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <button type="button" className="button button--ghost button--small" onClick={() => void loadFrom(0)}>
          Refresh
        </button>
      </div>
      {failed && (
        <p className="pf-error" role="alert">
          Failed to load the audit log
        </p>
      )}
      {entries === null && <p className="pf-muted">Loading…</p>}
      {entries !== null && entries.length === 0 && !failed && (
        <p className="pf-muted">No admin actions yet.</p>
      )}
      {entries !== null && entries.length > 0 && (
        <AdminTable columns={['When', 'Who', 'Action', 'Target', 'Details']}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatWhen(entry.created_at)}</td>
              <td>{entry.actor}</td>
              <td className="admin-mono">{entry.action}</td>
              <td className="admin-mono">{entry.target ?? '—'}</td>
              <td className="admin-mono admin-details">
                {entry.details ? JSON.stringify(entry.details) : '—'}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {hasMore && entries && (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void loadFrom(entries.length)}
        >
          Load more
        </button>
      )}
    </div>
  );
}
