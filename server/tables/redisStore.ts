/**
 * Tables shared by every app server through Redis. Why Redis and not the database: a
 * table is short-lived (gone after 24 h idle, which Redis expiry does by itself, no purge
 * job), it needs fan-out to the other servers (pub/sub, which SQLite lacks), and a roll
 * must be numbered, kept, made idempotent and published in one atomic step (a Lua
 * script), so every server sees the rolls of a table in the same order.
 *
 * Keys (prefix P, table T; the {T} hash tag keeps a table's keys on one cluster slot):
 * P table:{T} (exists while the table lives), :seq, :rolls (the last 100, JSON),
 * :members (sorted set "memberId|connectionId" → last seen), :names (memberId → name),
 * :key:<member>:<key> (idempotency), :rate:<member>:<minute>; channel P table:{T}:events.
 */
import type { Redis } from 'ioredis';
import { HISTORY_LENGTH, MAX_MEMBERS, type TableMember } from '../../src/api/schemas/tables.ts';
import {
  byName,
  IDLE_MS,
  type JoinResult,
  type MemberConnection,
  type NewRoll,
  type StoredRoll,
  type TableEvent,
  type TableStore,
} from './store.ts';

/** A connection not refreshed for this long belongs to a server that is gone. */
const STALE_MS = 60_000;
const IDLE_SECONDS = Math.round(IDLE_MS / 1000);

// KEYS: table, members, names. ARGV: entry, memberId, name, now, staleBefore, max, ttl.
const JOIN_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[5])
local present = false
local seen = {}
local count = 0
for _, entry in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local id = string.match(entry, '^([^|]+)|')
  if id and not seen[id] then seen[id] = true; count = count + 1 end
  if id == ARGV[2] then present = true end
end
if not present and count >= tonumber(ARGV[6]) then return 'full' end
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[7]) end
return 'ok'
`;

// KEYS: table, seq, rolls, idempotency key. ARGV: roll JSON without seq, ttl, history, channel.
const ROLL_SCRIPT = `
local existing = redis.call('GET', KEYS[4])
if existing then return {0, existing} end
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, ''} end
local seq = redis.call('INCR', KEYS[2])
local entry = '{"seq":' .. seq .. ',' .. string.sub(ARGV[1], 2)
redis.call('RPUSH', KEYS[3], entry)
redis.call('LTRIM', KEYS[3], -tonumber(ARGV[3]), -1)
redis.call('SET', KEYS[4], entry, 'EX', ARGV[2])
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[2]) end
redis.call('PUBLISH', ARGV[4], '{"type":"roll","roll":' .. entry .. '}')
return {1, entry}
`;

export class RedisTableStore implements TableStore {
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Set<(event: TableEvent) => void>>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // A connection in subscriber mode does nothing else: its own, with an offline queue so
    // subscriptions made while it reconnects are not lost.
    this.subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (channel: string, text: string) => {
      const set = this.listeners.get(channel);
      if (!set) return;
      let event: TableEvent;
      try {
        event = JSON.parse(text) as TableEvent;
      } catch {
        return;
      }
      for (const listener of set) listener(event);
    });
  }

  private key(tableId: string, part = ''): string {
    return `${this.prefix}table:{${tableId}}${part}`;
  }

  private channel(tableId: string): string {
    return this.key(tableId, ':events');
  }

  async createTable(tableId: string): Promise<void> {
    await this.redis.set(this.key(tableId), new Date().toISOString(), 'EX', IDLE_SECONDS);
  }

  async members(tableId: string): Promise<TableMember[] | null> {
    const [[, exists], [, entries], [, names]] = (await this.redis
      .multi()
      .exists(this.key(tableId))
      .zrangebyscore(this.key(tableId, ':members'), Date.now() - STALE_MS, '+inf')
      .hgetall(this.key(tableId, ':names'))
      .exec()) as [unknown, unknown][] as [
      [unknown, number],
      [unknown, string[]],
      [unknown, Record<string, string>],
    ];
    if (!exists) return null;
    const ids = new Set(entries.map((e) => e.split('|')[0]));
    return [...ids].map((id) => ({ id, name: names[id] ?? 'Someone' })).sort(byName);
  }

  async join(tableId: string, c: MemberConnection): Promise<JoinResult> {
    const now = Date.now();
    return (await this.redis.eval(
      JOIN_SCRIPT,
      3,
      this.key(tableId),
      this.key(tableId, ':members'),
      this.key(tableId, ':names'),
      `${c.memberId}|${c.connectionId}`,
      c.memberId,
      c.name,
      now,
      now - STALE_MS,
      MAX_MEMBERS,
      IDLE_SECONDS,
    )) as JoinResult;
  }

  async leave(tableId: string, c: MemberConnection): Promise<void> {
    await this.redis.zrem(this.key(tableId, ':members'), `${c.memberId}|${c.connectionId}`);
  }

  async refresh(entries: { tableId: string; connection: MemberConnection }[]): Promise<void> {
    const now = Date.now();
    const batch = this.redis.pipeline();
    for (const { tableId, connection: c } of entries) {
      batch.zadd(this.key(tableId, ':members'), 'XX', now, `${c.memberId}|${c.connectionId}`);
    }
    await batch.exec();
  }

  async existingRoll(tableId: string, memberId: string, key: string): Promise<StoredRoll | null> {
    const text = await this.redis.get(this.key(tableId, `:key:${memberId}:${key}`));
    return text ? (JSON.parse(text) as StoredRoll) : null;
  }

  async addRoll(tableId: string, roll: NewRoll): Promise<{ roll: StoredRoll; fresh: boolean } | null> {
    const [status, entry] = (await this.redis.eval(
      ROLL_SCRIPT,
      4,
      this.key(tableId),
      this.key(tableId, ':seq'),
      this.key(tableId, ':rolls'),
      this.key(tableId, `:key:${roll.by.id}:${roll.key}`),
      JSON.stringify(roll),
      IDLE_SECONDS,
      HISTORY_LENGTH,
      this.channel(tableId),
    )) as [number, string];
    if (status < 0) return null;
    return { roll: JSON.parse(entry) as StoredRoll, fresh: status === 1 };
  }

  async rollsSince(tableId: string, since: number): Promise<StoredRoll[]> {
    const texts = await this.redis.lrange(this.key(tableId, ':rolls'), 0, -1);
    return texts.map((t) => JSON.parse(t) as StoredRoll).filter((r) => r.seq > since);
  }

  async countRoll(tableId: string, memberId: string, now: number): Promise<number> {
    const key = this.key(tableId, `:rate:${memberId}:${Math.floor(now / 60_000)}`);
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, 61).exec()) as [[unknown, number]];
    return count;
  }

  async membersChanged(tableId: string): Promise<void> {
    await this.redis.publish(this.channel(tableId), JSON.stringify({ type: 'members' } satisfies TableEvent));
  }

  async subscribe(tableId: string, listener: (event: TableEvent) => void): Promise<() => void> {
    const channel = this.channel(tableId);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.subscriber.subscribe(channel);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(channel);
        void this.subscriber.unsubscribe(channel).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
  }
}
