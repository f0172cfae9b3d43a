import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { GameHeader } from '../header/GameHeader.tsx';
import { useSessionStore } from '../session/sessionStore.ts';
import { confirmDialog } from '../ui/asyncDialogs.tsx';
import { AdminLogin } from './AdminLogin.tsx';
import { AuditTab } from './AuditTab.tsx';
import {
  type AdminSessionUser,
  fetchTrackStats,
  formatNumber,
  logoutAdmin,
  validateAdmin,
} from './adminApi.ts';
import { ScoresTab } from './ScoresTab.tsx';
import { TracksTab } from './TracksTab.tsx';
import { UsersTab } from './UsersTab.tsx';
import '../ui/controls.css';
import '../ui/dialog.css';
import './admin.css';

const TABS = [
  { id: 'tracks', label: 'Track Management' },
  { id: 'scores', label: 'High Scores' },
  { id: 'users', label: 'User Management' },
  { id: 'settings', label: 'Settings' },
  { id: 'audit', label: 'Audit Log' },
] as const;
type TabId = (typeof TABS)[number]['id'];

type TrackStats = { total_tracks: number; tracks_today: number; tracks_week: number };

function Stats({ stats }: { stats: TrackStats | null }) {
  const items: [string, number | undefined][] = [
    ['Total Tracks', stats?.total_tracks],
    ['Today', stats?.tracks_today],
    ['This Week', stats?.tracks_week],
  ];
  return (
    <dl className="admin-stats">
      {items.map(([label, value]) => (
        <div key={label} className="admin-stat">
          <dt>{label}</dt>
          <dd>{value === undefined ? '…' : formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Dashboard({ user, onLoggedOut }: { user: AdminSessionUser; onLoggedOut: () => void }) {
  const [tab, setTab] = useState<TabId>('tracks');
  const [stats, setStats] = useState<TrackStats | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const loadStats = useCallback(async () => {
    try {
      const answer = await fetchTrackStats();
      if (answer.success) setStats(answer.stats);
    } catch (error) {
      console.error('Failed to load track statistics', error);
    }
  }, []);

  useEffect(() => {
    void loadStats();
  }, [loadStats]);

  async function logout() {
    if (!(await confirmDialog('Are you sure you want to log out?', { okLabel: 'Log out' }))) return;
    try {
      await logoutAdmin();
    } catch {
      // Logged out locally either way.
    }
    // On an admin user's own session the server also ends that session: let the store know.
    void useSessionStore.getState().check();
    onLoggedOut();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = TABS.findIndex((t) => t.id === tab);
    let next = -1;
    if (event.key === 'ArrowRight') next = (at + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next < 0) return;
    event.preventDefault();
    setTab(TABS[next].id);
    tabRefs.current[TABS[next].id]?.focus();
  }

  return (
    <div className="admin-dashboard">
      <div className="admin-dashboard__head">
        <div>
          <h2>Admin Dashboard</h2>
          <p className="admin-dashboard__welcome">Welcome, {user.displayName || user.username}!</p>
        </div>
        <button type="button" className="button button--ghost" onClick={() => void logout()}>
          Logout
        </button>
      </div>
      <Stats stats={stats} />
      <div className="admin-tabs" role="tablist" aria-label="Admin sections" onKeyDown={onTabKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="admin-panel"
        role="tabpanel"
        id={`admin-panel-${tab}`}
        aria-labelledby={`admin-tab-${tab}`}
      >
        {tab === 'tracks' && <TracksTab onChanged={() => void loadStats()} />}
        {tab === 'scores' && <ScoresTab />}
        {tab === 'users' && <UsersTab />}
        {tab === 'settings' && <p className="pf-muted admin-settings">Settings: coming soon</p>}
        {tab === 'audit' && <AuditTab />}
      </div>
    </div>
  );
}

type AuthState = { phase: 'checking' } | { phase: 'login' } | { phase: 'in'; user: AdminSessionUser };

/** Admin console (spec §2, §4): auth check, then login or dashboard. */
export default function AdminPage() {
  const [auth, setAuth] = useState<AuthState>({ phase: 'checking' });

  useEffect(() => {
    let live = true;
    validateAdmin()
      .then((answer) => {
        if (!live) return;
        setAuth(answer.success && answer.user ? { phase: 'in', user: answer.user } : { phase: 'login' });
      })
      .catch(() => live && setAuth({ phase: 'login' }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="page admin-page">
      <GameHeader title="Admin Console" />
      <main className={auth.phase === 'in' ? 'admin-main admin-main--wide' : 'admin-main'}>
        {auth.phase === 'checking' && (
          <p className="pf-muted" role="status">
            Checking authentication...
          </p>
        )}
        {auth.phase === 'login' && <AdminLogin onSignedIn={(user) => setAuth({ phase: 'in', user })} />}
        {auth.phase === 'in' && (
          <Dashboard user={auth.user} onLoggedOut={() => setAuth({ phase: 'login' })} />
        )}
      </main>
    </div>
  );
}
