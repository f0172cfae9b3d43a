/**
 * Where tables live: their rolls (sequence numbers, the last HISTORY_LENGTH kept), members,
 * idempotency keys and roll counts, and the events that fan a roll out to every member.
 * One server alone keeps them in memory (MemoryTableStore); several servers share them in
 * Redis (RedisTableStore, redisStore.ts).
 */
import { EventEmitter } from 'node:events';
import {
  HISTORY_LENGTH,
  MAX_MEMBERS,
  TABLE_IDLE_HOURS,
  type TableMember,
  type TableRoll,
} from '../../src/api/schemas/tables.ts';

/** A roll as stored: everything, including the faces of a private roll and the roller's key. */
export interface StoredRoll {
  seq: number;
  by: TableMember;
  at: string;
  private: boolean;
  key: string;
  notation: string;
  mode: NonNullable<TableRoll['mode']>;
  faces: number[];
  seed: number;
  total: number;
  crit: NonNullable<TableRoll['crit']> | null;
}

export type NewRoll = Omit<StoredRoll, 'seq'>;

export type TableEvent = { type: 'roll'; roll: StoredRoll } | { type: 'members' };

export type JoinResult = 'ok' | 'full' | 'missing';

/** A connection of a member: one member may have several (tabs, reconnects on another server). */
export interface MemberConnection {
  memberId: string;
  connectionId: string;
  name: string;
}

export interface TableStore {
  createTable(tableId: string): Promise<void>;
  /** Members present, or null when the table does not exist (or has expired). */
  members(tableId: string): Promise<TableMember[] | null>;
  join(tableId: string, connection: MemberConnection): Promise<JoinResult>;
  leave(tableId: string, connection: MemberConnection): Promise<void>;
  /** Keeps connections alive in a shared store (a server that dies stops refreshing them). */
  refresh(entries: { tableId: string; connection: MemberConnection }[]): Promise<void>;
  /** The roll a member already made with this idempotency key, if any. */
  existingRoll(tableId: string, memberId: string, key: string): Promise<StoredRoll | null>;
  /**
   * Numbers and stores a roll and fans it out, unless the member's key was used already
   * (then the first roll is returned, `fresh` false). Null when the table is gone.
   */
  addRoll(tableId: string, roll: NewRoll): Promise<{ roll: StoredRoll; fresh: boolean } | null>;
  /** Kept rolls with seq > since, oldest first. */
  rollsSince(tableId: string, since: number): Promise<StoredRoll[]>;
  /** Counts one roll of the member in the current minute; returns the count so far. */
  countRoll(tableId: string, memberId: string, now: number): Promise<number>;
  /** Announces a change of members to every server. */
  membersChanged(tableId: string): Promise<void>;
  /** Calls `listener` with the table's events, in order; resolves once listening. */
  subscribe(tableId: string, listener: (event: TableEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

export const IDLE_MS = TABLE_IDLE_HOURS * 3_600_000;

interface MemoryTable {
  lastActive: number;
  seq: number;
  rolls: StoredRoll[];
  /** memberId:key → roll, for retries; bounded (oldest dropped). */
  keys: Map<string, StoredRoll>;
  /** memberId → name and connection ids. */
  members: Map<string, { name: string; connections: Set<string> }>;
  rollCounts: Map<string, { minute: number; count: number }>;
}

const MAX_KEYS_PER_TABLE = 2000;

/** One server's tables, in memory: gone after 24 h idle (swept hourly) or a restart. */
export class MemoryTableStore implements TableStore {
  private readonly tables = new Map<string, MemoryTable>();
  private readonly events = new EventEmitter();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly now: () => number = Date.now) {
    this.events.setMaxListeners(0);
    this.sweeper = setInterval(() => this.sweep(), 3_600_000);
    this.sweeper.unref();
  }

  /** Drops tables idle for 24 h with nobody connected. */
  sweep(): void {
    const cutoff = this.now() - IDLE_MS;
    for (const [id, table] of this.tables) {
      if (table.lastActive < cutoff && table.members.size === 0) this.tables.delete(id);
    }
  }

  private table(tableId: string): MemoryTable | null {
    const table = this.tables.get(tableId);
    if (!table) return null;
    if (table.lastActive < this.now() - IDLE_MS && table.members.size === 0) {
      this.tables.delete(tableId);
      return null;
    }
    return table;
  }

  async createTable(tableId: string): Promise<void> {
    this.tables.set(tableId, {
      lastActive: this.now(),
      seq: 0,
      rolls: [],
      keys: new Map(),
      members: new Map(),
      rollCounts: new Map(),
    });
  }

  async members(tableId: string): Promise<TableMember[] | null> {
    const table = this.table(tableId);
    if (!table) return null;
    return [...table.members].map(([id, m]) => ({ id, name: m.name })).sort(byName);
  }

  async join(tableId: string, c: MemberConnection): Promise<JoinResult> {
    const table = this.table(tableId);
    if (!table) return 'missing';
    const member = table.members.get(c.memberId);
    if (!member && table.members.size >= MAX_MEMBERS) return 'full';
    table.lastActive = this.now();
    if (member) {
      member.name = c.name;
      member.connections.add(c.connectionId);
    } else {
      table.members.set(c.memberId, { name: c.name, connections: new Set([c.connectionId]) });
    }
    return 'ok';
  }

  async leave(tableId: string, c: MemberConnection): Promise<void> {
    const table = this.tables.get(tableId);
    const member = table?.members.get(c.memberId);
    if (!table || !member) return;
    member.connections.delete(c.connectionId);
    if (member.connections.size === 0) table.members.delete(c.memberId);
    table.lastActive = this.now();
  }

  async refresh(): Promise<void> {}

  async existingRoll(tableId: string, memberId: string, key: string): Promise<StoredRoll | null> {
    return this.tables.get(tableId)?.keys.get(`${memberId}:${key}`) ?? null;
  }

  async addRoll(tableId: string, roll: NewRoll): Promise<{ roll: StoredRoll; fresh: boolean } | null> {
    const table = this.table(tableId);
    if (!table) return null;
    const keyId = `${roll.by.id}:${roll.key}`;
    const existing = table.keys.get(keyId);
    if (existing) return { roll: existing, fresh: false };
    const stored: StoredRoll = { seq: ++table.seq, ...roll };
    table.lastActive = this.now();
    table.rolls.push(stored);
    if (table.rolls.length > HISTORY_LENGTH) table.rolls.shift();
    table.keys.set(keyId, stored);
    if (table.keys.size > MAX_KEYS_PER_TABLE) table.keys.delete(table.keys.keys().next().value as string);
    this.events.emit(tableId, { type: 'roll', roll: stored } satisfies TableEvent);
    return { roll: stored, fresh: true };
  }

  async rollsSince(tableId: string, since: number): Promise<StoredRoll[]> {
    return (this.tables.get(tableId)?.rolls ?? []).filter((r) => r.seq > since);
  }

  async countRoll(tableId: string, memberId: string, now: number): Promise<number> {
    const table = this.tables.get(tableId);
    if (!table) return 0;
    const minute = Math.floor(now / 60_000);
    const entry = table.rollCounts.get(memberId);
    if (!entry || entry.minute !== minute) {
      table.rollCounts.set(memberId, { minute, count: 1 });
      return 1;
    }
    entry.count++;
    return entry.count;
  }

  async membersChanged(tableId: string): Promise<void> {
    this.events.emit(tableId, { type: 'members' } satisfies TableEvent);
  }

  async subscribe(tableId: string, listener: (event: TableEvent) => void): Promise<() => void> {
    this.events.on(tableId, listener);
    return () => this.events.off(tableId, listener);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.events.removeAllListeners();
  }
}

export function byName(a: TableMember, b: TableMember): number {
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}
