import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { AdminGameStat, GameConfig, ScoreEntry } from '../../api/types.ts';
import { alertDialog, confirmDialog } from '../ui/asyncDialogs.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { AdminTable } from './AdminTable.tsx';
import {
  deleteGameScores,
  deleteScore,
  fetchGameScores,
  fetchScoreStats,
  formatNumber,
  formatWhen,
  SCORES_PAGE_SIZE,
  saveGameConfig,
} from './adminApi.ts';
import { FilterForm } from './FilterForm.tsx';
import { PagedTable } from './PagedTable.tsx';

/** Runs a delete and alerts the §8 text on failure; true when it worked. */
async function deleteWithAlerts(run: () => Promise<{ success: boolean; error?: string }>, what: string) {
  try {
    const answer = await run();
    if (answer.success) return true;
    await alertDialog(
      answer.error ? `Failed to delete ${what}: ${answer.error}` : `Failed to delete ${what}`,
    );
  } catch (error) {
    console.error(`Error deleting ${what}`, error);
    await alertDialog(`Error deleting ${what}`);
  }
  return false;
}

function defaultConfig(gameId: string, configs: GameConfig[]): GameConfig {
  return (
    configs.find((c) => c.game_id === gameId) ?? {
      game_id: gameId,
      display_name: gameId,
      score_type: 'points',
      sort_order: 'DESC',
    }
  );
}

function ConfigDialog({
  config,
  onClose,
  onSaved,
}: {
  config: GameConfig | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<GameConfig | null>(config);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), type: useId(), order: useId() };
  useEffect(() => setDraft(config), [config]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft?.display_name.trim()) return;
    setBusy(true);
    try {
      const answer = await saveGameConfig({ ...draft, display_name: draft.display_name.trim() });
      if (!answer.success) {
        await alertDialog(answer.error ? `Failed to save config: ${answer.error}` : 'Failed to save config');
        return;
      }
      onSaved();
    } catch {
      await alertDialog('Error saving config');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={config !== null} onClose={onClose} title={draft ? `Game config: ${draft.game_id}` : ''}>
      {draft && (
        <form className="admin-config" onSubmit={onSubmit}>
          <div className="pf-field">
            <label htmlFor={ids.name}>Display name</label>
            <input
              id={ids.name}
              className="pf-input"
              maxLength={100}
              value={draft.display_name}
              onChange={(e) => setDraft({ ...draft, display_name: e.target.value })}
              data-autofocus
            />
          </div>
          <div className="pf-field">
            <label htmlFor={ids.type}>Score type</label>
            <select
              id={ids.type}
              className="pf-input"
              value={draft.score_type}
              onChange={(e) => setDraft({ ...draft, score_type: e.target.value as GameConfig['score_type'] })}
            >
              <option value="points">points</option>
              <option value="time">time</option>
            </select>
          </div>
          <div className="pf-field">
            <label htmlFor={ids.order}>Sort direction</label>
            <select
              id={ids.order}
              className="pf-input"
              value={draft.sort_order}
              onChange={(e) => setDraft({ ...draft, sort_order: e.target.value as GameConfig['sort_order'] })}
            >
              <option value="DESC">DESC (higher is better)</option>
              <option value="ASC">ASC (lower is better)</option>
            </select>
          </div>
          <div className="pf-dialog__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={busy || !draft.display_name.trim()}>
              Save config
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function GameScores({
  gameId,
  onBack,
  onChanged,
}: {
  gameId: string;
  onBack: () => void;
  onChanged: () => void;
}) {
  const [filter, setFilter] = useState('');

  const load = useCallback(
    async (offset: number) => {
      const answer = await fetchGameScores(gameId, offset, filter);
      if (!answer.success) throw new Error(answer.error || 'Failed to load scores');
      return { items: answer.scores ?? [], total: answer.pagination.total };
    },
    [gameId, filter],
  );

  async function removeOne(score: ScoreEntry, reload: () => Promise<void>) {
    const sure = await confirmDialog(`Delete the score ${score.score} by ${score.player_name}?`, {
      okLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    if (await deleteWithAlerts(() => deleteScore(score.id), 'score')) {
      onChanged();
      await reload();
    }
  }

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <button type="button" className="button button--ghost button--small" onClick={onBack}>
          ← All games
        </button>
        <h3 className="admin-toolbar__title">Scores: {gameId}</h3>
      </div>
      <FilterForm
        formLabel="Filter"
        label="Player name"
        placeholder="Filter by player name"
        submitLabel="Filter"
        onApply={setFilter}
      />
      {/* A new filter starts over at page 1. */}
      <PagedTable
        key={filter}
        pageSize={SCORES_PAGE_SIZE}
        load={load}
        pagerLabel="Score pages"
        emptyText="No scores found for this game."
        errorText="Failed to load scores"
      >
        {(scores, reload) => (
          <AdminTable
            columns={[
              'rank',
              'player_name',
              'score',
              'duration',
              'level_or_mode',
              'verified',
              'user_id',
              'created_at',
            ]}
            numeric={['score', 'duration']}
            actions
          >
            {scores.map((score) => (
              <tr key={score.id}>
                <td>{score.rank}</td>
                <td>{score.player_name}</td>
                <td className="admin-num">{formatNumber(score.score, 3)}</td>
                <td className="admin-num">
                  {score.duration === null ? '—' : formatNumber(score.duration, 2)}
                </td>
                <td>{score.level_or_mode ?? '—'}</td>
                <td>{score.verified ? '✓' : ''}</td>
                <td className="admin-mono">{score.user_id ?? '—'}</td>
                <td>{formatWhen(score.created_at)}</td>
                <td>
                  <button
                    type="button"
                    className="button pf-button--danger button--small"
                    aria-label={`Delete score ${score.score} by ${score.player_name}`}
                    onClick={() => void removeOne(score, reload)}
                  >
                    Delete
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

/** High Scores (spec §2): per-game statistics, a game's scores, deletions and the game config. */
export function ScoresTab() {
  const [stats, setStats] = useState<AdminGameStat[] | null>(null);
  const [configs, setConfigs] = useState<GameConfig[]>([]);
  const [failed, setFailed] = useState(false);
  const [openGame, setOpenGame] = useState<string | null>(null);
  const [editing, setEditing] = useState<GameConfig | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await fetchScoreStats();
      if (!answer.success) throw new Error(answer.error || 'Failed to load high scores');
      setStats(answer.stats ?? []);
      setConfigs(answer.configs ?? []);
      setFailed(false);
    } catch (error) {
      console.error('Failed to load high score statistics', error);
      setStats((s) => s ?? []);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function removeGame(gameId: string) {
    const sure = await confirmDialog(`Delete ALL scores for ${gameId}? This cannot be undone.`, {
      okLabel: 'Delete all',
      danger: true,
    });
    if (sure && (await deleteWithAlerts(() => deleteGameScores(gameId), 'scores'))) await load();
  }

  const configDialog = (
    <ConfigDialog
      config={editing}
      onClose={() => setEditing(null)}
      onSaved={() => {
        setEditing(null);
        void load();
      }}
    />
  );

  if (openGame)
    return <GameScores gameId={openGame} onBack={() => setOpenGame(null)} onChanged={() => void load()} />;

  // Games with a config but no scores yet can still be configured.
  const gameIds = new Set([...(stats ?? []).map((s) => s.game_id)]);
  const configOnly = configs.filter((c) => !gameIds.has(c.game_id));

  return (
    <div className="admin-tab">
      {failed && (
        <p className="pf-error" role="alert">
          Failed to load high scores
        </p>
      )}
      {stats === null && <p className="pf-muted">Loading…</p>}
      {stats !== null && stats.length === 0 && <p className="pf-muted">No high score data available.</p>}
      {stats !== null && stats.length > 0 && (
        <AdminTable
          columns={[
            'game_id',
            'total_scores',
            'unique_players',
            'highest_score',
            'average_score',
            'latest_score',
          ]}
          numeric={['total_scores', 'unique_players', 'highest_score', 'average_score']}
          actions
        >
          {stats.map((stat) => (
            <tr key={stat.game_id}>
              <th scope="row">{stat.game_id}</th>
              <td className="admin-num">{formatNumber(stat.total_scores)}</td>
              <td className="admin-num">{formatNumber(stat.unique_players)}</td>
              <td className="admin-num">{formatNumber(stat.highest_score, 3)}</td>
              <td className="admin-num">{formatNumber(stat.average_score, 2)}</td>
              <td>{formatWhen(stat.latest_score)}</td>
              <td className="admin-actions">
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`View scores of ${stat.game_id}`}
                  onClick={() => setOpenGame(stat.game_id)}
                >
                  Scores
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Edit config of ${stat.game_id}`}
                  onClick={() => setEditing(defaultConfig(stat.game_id, configs))}
                >
                  Config
                </button>
                <button
                  type="button"
                  className="button pf-button--danger button--small"
                  aria-label={`Delete all scores of ${stat.game_id}`}
                  onClick={() => void removeGame(stat.game_id)}
                >
                  Delete all
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {configOnly.length > 0 && (
        <div className="admin-configs">
          <h3>Configured games without scores</h3>
          <ul>
            {configOnly.map((config) => (
              <li key={config.game_id}>
                <span>
                  {config.display_name} <span className="pf-muted">({config.game_id})</span>
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Edit config of ${config.game_id}`}
                  onClick={() => setEditing(config)}
                >
                  Config
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {configDialog}
    </div>
  );
}
