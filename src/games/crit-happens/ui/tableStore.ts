/**
 * "Roll together": the table this page is at (from `?table=` in the address), its members,
 * its rolls and the connection's state, in a zustand store; and the actions that open,
 * join and leave a table and roll at it. A table roll arriving live is queued for the dice
 * arena (see useTableRolls in TablePanel.tsx), which plays it with the server's faces and seed.
 */
import { create } from 'zustand';
import type { CreateTableResponse, TableMember, TableRoll } from '../../../api/schemas/tables.ts';
import { HISTORY_LENGTH } from '../../../api/tableLimits.ts';
import { apiSend } from '../../../lib/api.ts';
import type { RollMode } from '../engine/roll.ts';
import { memberSecret, TableConnection, type TableStatus } from './tableConnection.ts';

export interface TableState {
  /** The table in the address, or null (not at a table). */
  tableId: string | null;
  /** idle: not joined yet (the name form shows); then the connection's status. */
  status: 'idle' | 'opening' | TableStatus;
  /** Why the table cannot be reached, was closed, or a roll was refused. */
  message: string | null;
  you: TableMember | null;
  members: TableMember[];
  /** Oldest first, at most HISTORY_LENGTH. */
  rolls: TableRoll[];
  /** Live rolls waiting for the arena, oldest first. */
  queue: TableRoll[];
  /** "To me only": the next rolls are private. */
  onlyMe: boolean;
  /** Key of the roll sent and not yet back (Roll waits for it). */
  sending: string | null;
}

/** Not at a table, or at one not joined yet. */
const AWAY = {
  status: 'idle',
  message: null,
  you: null,
  members: [],
  rolls: [],
  queue: [],
  sending: null,
} as const satisfies Partial<TableState>;

export const useTableStore = create<TableState>()(() => ({ ...AWAY, tableId: null, onlyMe: false }));

const NAME_KEY = 'crithappens:tableName';
let connection: TableConnection | null = null;

const set = (patch: Partial<TableState> | ((s: TableState) => Partial<TableState>)) =>
  useTableStore.setState(patch);

function keep(rolls: TableRoll[]): TableRoll[] {
  return rolls.length > HISTORY_LENGTH ? rolls.slice(rolls.length - HISTORY_LENGTH) : rolls;
}

export function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The table id in a page address (`?table=…`), or null. */
export function tableFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('table');
  return id && /^[A-Za-z0-9_-]{22}$/.test(id) ? id : null;
}

export const tableActions = {
  /** The page's address names this table (or none): leaves any other. */
  setTable(tableId: string | null): void {
    if (useTableStore.getState().tableId === tableId) return;
    connection?.close();
    connection = null;
    set({ ...AWAY, tableId });
  },

  /** Opens a new table; resolves with its id (the page puts it in the address). */
  async open(): Promise<string | null> {
    set({ status: 'opening', message: null });
    try {
      const answer = await apiSend<CreateTableResponse & { error?: string }>(
        'POST',
        '/api/tables/create.php',
        {},
      );
      if (!answer.success) throw new Error(answer.error ?? 'the server said no');
      set({ status: 'idle' });
      return answer.table.id;
    } catch (error) {
      set({
        status: 'idle',
        message: `Could not open a table: ${error instanceof Error ? error.message : 'the server is unreachable'}`,
      });
      return null;
    }
  },

  join(name: string): void {
    const { tableId } = useTableStore.getState();
    const trimmed = name.trim().slice(0, 32);
    if (!tableId || !trimmed) return;
    try {
      localStorage.setItem(NAME_KEY, trimmed);
    } catch {
      // The name is asked again next time.
    }
    connection?.close();
    connection = new TableConnection(tableId, trimmed, memberSecret(tableId), {
      welcome: (you, members, rolls, rejoin) =>
        set((s) => {
          // A first join gets the history; a rejoin the rolls missed, after those it has.
          const known = rejoin ? s.rolls : [];
          const seen = new Set(known.map((r) => r.seq));
          return { you, members, rolls: keep([...known, ...rolls.filter((r) => !seen.has(r.seq))]) };
        }),
      roll: (roll) =>
        set((s) => ({
          rolls: keep([...s.rolls, roll]),
          queue: roll.faces ? [...s.queue, roll] : s.queue,
          sending: roll.key && roll.key === s.sending ? null : s.sending,
        })),
      members: (members) => set({ members }),
      refused: (error, key) =>
        set((s) => ({ message: error, sending: key && key === s.sending ? null : s.sending })),
      status: (status, message) => set({ status, message }),
    });
    connection.connect();
  },

  leave(): void {
    connection?.close();
    connection = null;
    set({ status: 'idle', you: null, members: [], queue: [], sending: null, message: null });
  },

  setOnlyMe(onlyMe: boolean): void {
    set({ onlyMe });
  },

  /**
   * Rolls at the table when connected: true when the roll was sent (the arena plays it when
   * it comes back from the server). False: not at a table or unreachable, roll locally.
   */
  roll(notation: string, mode: RollMode): boolean {
    const s = useTableStore.getState();
    if (!connection?.connected) return false;
    if (s.sending) return true;
    const key = connection.roll(notation, mode, s.onlyMe);
    if (!key) return false;
    set({ sending: key, message: null });
    return true;
  },

  /** The next live roll for the arena, taken off the queue. */
  takeQueued(): TableRoll | null {
    const [next, ...rest] = useTableStore.getState().queue;
    if (!next) return null;
    set({ queue: rest });
    return next;
  },
};
