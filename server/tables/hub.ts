/// <reference path="./ws.d.ts" />
/**
 * The tables' live side on one server: each socket's protocol (join, roll), validation of
 * every incoming message, and delivery of each table's events to the members connected
 * here, once each and in sequence order.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Compile } from 'typebox/compile';
import type { WebSocket } from 'ws';
import {
  CLIENT_MESSAGES,
  CLOSE,
  type ClientMessage,
  JOIN_TIMEOUT_MS,
  type JoinMessage,
  MAX_MEMBERS,
  MAX_MESSAGE_BYTES,
  MAX_ROLLS_PER_MINUTE,
  type RefusedMessage,
  type RollMessage,
  type ServerMessage,
  type TableRoll,
} from '../../src/api/schemas/tables.ts';
import { decideTableRoll } from '../../src/games/crit-happens/engine/tableRoll.ts';
import { sha256 } from '../util.ts';
import type { MemberConnection, StoredRoll, TableEvent, TableStore } from './store.ts';

const validators = Object.fromEntries(
  Object.entries(CLIENT_MESSAGES).map(([type, schema]) => [type, Compile(schema)]),
) as { [K in keyof typeof CLIENT_MESSAGES]: ReturnType<typeof Compile> };

/** Pings every this often; a socket that missed the last pong is cut. */
const PING_EVERY_MS = 25_000;
/** How often this server tells a shared store its connections are alive. */
const REFRESH_EVERY_MS = 20_000;

/** What a member sees of a roll: someone else's private roll is only "X rolled". */
export function rollView(roll: StoredRoll, viewerId: string): TableRoll {
  const mine = roll.by.id === viewerId;
  if (roll.private && !mine) return { seq: roll.seq, by: roll.by, at: roll.at, private: true };
  const { key, ...shown } = roll;
  return mine ? { ...shown, key } : shown;
}

/** The public member id of a member's secret: stable across reconnects, and it gives the secret away to nobody. */
export function memberIdOf(secret: string): string {
  return sha256(`table-member:${secret}`).slice(0, 20);
}

/** Reads one incoming message; a reason to close the socket when it is not acceptable. */
export function readClientMessage(
  data: Buffer,
): { ok: true; message: ClientMessage } | { ok: false; code: number; reason: string } {
  if (data.length > MAX_MESSAGE_BYTES)
    return {
      ok: false,
      code: CLOSE.tooLarge,
      reason: `Message too large: at most ${MAX_MESSAGE_BYTES} bytes`,
    };
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    return { ok: false, code: CLOSE.invalidMessage, reason: 'Invalid message: not JSON' };
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(validators, type)) {
    const shown = typeof type === 'string' ? `"${type.slice(0, 20)}"` : 'missing';
    return {
      ok: false,
      code: CLOSE.invalidMessage,
      reason: `Unknown message type ${shown}: expected join or roll`,
    };
  }
  const validator = validators[type as keyof typeof validators];
  if (!validator.Check(value)) {
    const error = firstError(validator, value);
    return { ok: false, code: CLOSE.invalidMessage, reason: `Invalid ${type} message: ${error}` };
  }
  return { ok: true, message: value as ClientMessage };
}

function firstError(validator: ReturnType<typeof Compile>, value: unknown): string {
  const errors = [...validator.Errors(value)];
  const extra = errors.find((e) => e.keyword === 'additionalProperties');
  if (extra) {
    const names = (extra.params as { additionalProperties?: string[] }).additionalProperties ?? [];
    return `unexpected field ${names.map((n) => `"${n}"`).join(', ')}`;
  }
  const first = errors.find((e) => e.keyword !== 'boolean') ?? errors[0];
  if (!first) return 'does not match its schema';
  const field = first.instancePath.replace(/^\//, '') || 'message';
  return `${field} ${first.message}`;
}

/** Close reasons are at most 123 bytes on the wire. */
function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

export interface HubMetrics {
  rolled(visibility: 'public' | 'private'): void;
}

class Connection {
  member: MemberConnection | null = null;
  /** Highest seq sent; events at or below it are not sent again. */
  lastSent = 0;
  /** While the welcome is being put together, events wait here. */
  pending: StoredRoll[] | null = null;
  alive = true;
  readonly id = crypto.randomUUID();

  constructor(
    readonly socket: WebSocket,
    readonly tableId: string,
  ) {}

  send(message: ServerMessage | string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING)
      this.socket.close(code, closeReason(reason));
  }
}

/** One table's members connected to this server, and its event subscription. */
class LocalTable {
  readonly connections = new Set<Connection>();
  unsubscribe: Promise<() => void> | null = null;
  /** Highest seq fanned out here (0: none yet). A higher one than next means events were missed. */
  lastSeq = 0;
  /** While missed rolls are read back from the store, the rolls arriving wait here. */
  held: StoredRoll[] | null = null;
}

export class TableHub {
  private readonly tables = new Map<string, LocalTable>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly refreshTimer: ReturnType<typeof setInterval>;
  private closing = false;

  constructor(
    private readonly store: TableStore,
    private readonly options: {
      log: FastifyBaseLogger;
      rateLimits: boolean;
      metrics?: HubMetrics;
      randomInt?: (min: number, max: number) => number;
    },
  ) {
    this.timer = setInterval(() => this.ping(), PING_EVERY_MS);
    this.timer.unref();
    this.refreshTimer = setInterval(() => void this.refresh(), REFRESH_EVERY_MS);
    this.refreshTimer.unref();
  }

  /** Open sockets on this server. */
  connectionCount(): number {
    let n = 0;
    for (const table of this.tables.values()) n += table.connections.size;
    return n;
  }

  /** Tables with at least one member connected to this server. */
  tableCount(): number {
    return this.tables.size;
  }

  /** A new socket for `tableId`: it must say `join` within JOIN_TIMEOUT_MS. */
  accept(socket: WebSocket, tableId: string): void {
    const connection = new Connection(socket, tableId);
    if (this.closing) {
      connection.close(CLOSE.restart, 'Server restarting: reconnect');
      return;
    }
    const table = this.localTable(tableId);
    table.connections.add(connection);
    const joinTimer = setTimeout(() => {
      if (!connection.member)
        connection.close(CLOSE.joinTimeout, 'Join the table first (no join message came)');
    }, JOIN_TIMEOUT_MS);
    // Messages of one socket are handled one after another, in the order they came.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const read = isBinary
        ? ({ ok: false, code: CLOSE.invalidMessage, reason: 'Invalid message: send JSON text' } as const)
        : readClientMessage(data);
      if (!read.ok) {
        connection.close(read.code, read.reason);
        return;
      }
      queue = queue
        .then(() => this.handle(connection, read.message))
        .catch((err) => {
          this.options.log.warn({ err }, 'table message failed');
          if (read.message.type === 'join') {
            // Nothing to answer yet: the client reconnects and joins again.
            connection.close(CLOSE.unavailable, 'The table is unreachable right now: reconnect shortly');
            return;
          }
          connection.send({
            type: 'refused',
            code: 'UNAVAILABLE',
            error: 'The table is unreachable right now; try again',
            ...(read.message.type === 'roll' ? { key: read.message.key } : {}),
          });
        });
    });
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(joinTimer);
      void this.drop(connection);
    });
    socket.on('error', (err: Error) => this.options.log.debug({ err }, 'table socket error'));
  }

  private localTable(tableId: string): LocalTable {
    let table = this.tables.get(tableId);
    if (!table) {
      table = new LocalTable();
      this.tables.set(tableId, table);
    }
    return table;
  }

  private async handle(connection: Connection, message: ClientMessage): Promise<void> {
    if (message.type === 'join') return this.join(connection, message);
    return this.roll(connection, message);
  }

  private async join(connection: Connection, message: JoinMessage): Promise<void> {
    if (connection.member) {
      connection.close(CLOSE.invalidMessage, 'Invalid join message: already joined');
      return;
    }
    const { tableId } = connection;
    const member: MemberConnection = {
      memberId: memberIdOf(message.secret),
      connectionId: connection.id,
      name: message.name.trim() || 'Someone',
    };
    const result = await this.store.join(tableId, member);
    if (result === 'missing') {
      connection.close(CLOSE.tableMissing, 'This table does not exist or has expired (24 hours idle)');
      return;
    }
    if (result === 'full') {
      connection.close(CLOSE.tableFull, `This table is full: at most ${MAX_MEMBERS} members`);
      return;
    }
    connection.member = member;
    if (connection.socket.readyState !== connection.socket.OPEN) {
      await this.store.leave(tableId, member);
      return;
    }
    // Listen first, then read the history: a roll made in between arrives both ways and
    // is sent once (by seq).
    connection.pending = [];
    await this.listen(tableId);
    const since = message.since ?? 0;
    const [rolls, members] = await Promise.all([
      this.store.rollsSince(tableId, since),
      this.store.members(tableId),
    ]);
    connection.send({
      type: 'welcome',
      table: tableId,
      you: { id: member.memberId, name: member.name },
      members: members ?? [],
      rolls: rolls.map((r) => rollView(r, member.memberId)),
    });
    connection.lastSent = Math.max(since, rolls.at(-1)?.seq ?? 0);
    const waiting = connection.pending;
    connection.pending = null;
    for (const roll of waiting) this.deliver(connection, roll);
    await this.store.membersChanged(tableId);
  }

  private listen(tableId: string): Promise<() => void> {
    const table = this.localTable(tableId);
    if (!table.unsubscribe) {
      table.unsubscribe = this.store.subscribe(tableId, (event) => this.onEvent(tableId, event));
      table.unsubscribe.catch(() => {
        table.unsubscribe = null;
      });
    }
    return table.unsubscribe;
  }

  private onEvent(tableId: string, event: TableEvent): void {
    const table = this.tables.get(tableId);
    if (!table) return;
    if (event.type === 'members') {
      void this.store.members(tableId).then(
        (members) => {
          const text = JSON.stringify({ type: 'members', members: members ?? [] } satisfies ServerMessage);
          for (const c of table.connections) if (c.member && !c.pending) c.send(text);
        },
        (err) => this.options.log.warn({ err }, 'table members unavailable'),
      );
      return;
    }
    const roll = event.roll;
    if (table.held) {
      table.held.push(roll);
      return;
    }
    // Pub/sub delivers at most once: after a dropped subscription the gap is read back.
    if (table.lastSeq > 0 && roll.seq > table.lastSeq + 1) {
      void this.fillGap(tableId, table, roll);
      return;
    }
    this.fanOut(table, roll);
  }

  private async fillGap(tableId: string, table: LocalTable, roll: StoredRoll): Promise<void> {
    table.held = [roll];
    let missed: StoredRoll[] = [];
    try {
      missed = await this.store.rollsSince(tableId, table.lastSeq);
    } catch (err) {
      this.options.log.warn({ err }, 'table rolls missed by this server could not be read back');
    }
    const bySeq = new Map<number, StoredRoll>();
    for (const r of [...missed, ...table.held]) bySeq.set(r.seq, r);
    table.held = null;
    for (const r of [...bySeq.values()].sort((a, b) => a.seq - b.seq)) this.fanOut(table, r);
  }

  private fanOut(table: LocalTable, roll: StoredRoll): void {
    if (roll.seq <= table.lastSeq) return;
    table.lastSeq = roll.seq;
    // One text per distinct view: the roller's (with its key), and everyone else's.
    const others = JSON.stringify({ type: 'roll', roll: rollView(roll, '') } satisfies ServerMessage);
    let own: string | null = null;
    for (const c of table.connections) {
      if (!c.member) continue;
      if (c.pending) {
        c.pending.push(roll);
        continue;
      }
      if (roll.seq <= c.lastSent) continue;
      c.lastSent = roll.seq;
      if (c.member.memberId === roll.by.id) {
        own ??= JSON.stringify({ type: 'roll', roll: rollView(roll, roll.by.id) } satisfies ServerMessage);
        c.send(own);
      } else {
        c.send(others);
      }
    }
  }

  private deliver(connection: Connection, roll: StoredRoll): void {
    if (!connection.member || roll.seq <= connection.lastSent) return;
    connection.lastSent = roll.seq;
    connection.send({ type: 'roll', roll: rollView(roll, connection.member.memberId) });
  }

  private async roll(connection: Connection, message: RollMessage): Promise<void> {
    const member = connection.member;
    const refuse = (code: RefusedMessage['code'], error: string) =>
      connection.send({ type: 'refused', key: message.key, code, error });
    if (!member) {
      refuse('NOT_JOINED', 'Join the table before rolling');
      return;
    }
    const { tableId } = connection;
    // A retry (same key) gets the first roll back, to this socket only: nothing is rolled twice.
    const existing = await this.store.existingRoll(tableId, member.memberId, message.key);
    if (existing) {
      connection.send({ type: 'roll', roll: rollView(existing, member.memberId) });
      return;
    }
    if (this.options.rateLimits) {
      const count = await this.store.countRoll(tableId, member.memberId, Date.now());
      if (count > MAX_ROLLS_PER_MINUTE) {
        const wait = 60 - Math.floor((Date.now() % 60_000) / 1000);
        refuse(
          'RATE_LIMITED',
          `Too many rolls: at most ${MAX_ROLLS_PER_MINUTE} a minute; try again in ${wait} seconds`,
        );
        return;
      }
    }
    const decided = decideTableRoll(message, this.options.randomInt ?? crypto.randomInt);
    if (!decided.ok) {
      refuse('INVALID_ROLL', decided.error);
      return;
    }
    const added = await this.store.addRoll(tableId, {
      by: { id: member.memberId, name: member.name },
      at: new Date().toISOString(),
      private: message.private,
      key: message.key,
      ...decided.roll,
    });
    if (!added) {
      connection.close(CLOSE.tableMissing, 'This table does not exist or has expired (24 hours idle)');
      return;
    }
    if (added.fresh) this.options.metrics?.rolled(message.private ? 'private' : 'public');
    // A concurrent duplicate lost the race to the first: answer it with the first roll.
    else connection.send({ type: 'roll', roll: rollView(added.roll, member.memberId) });
  }

  private async drop(connection: Connection): Promise<void> {
    const table = this.tables.get(connection.tableId);
    if (!table) return;
    table.connections.delete(connection);
    if (table.connections.size === 0) {
      this.tables.delete(connection.tableId);
      const unsubscribe = table.unsubscribe;
      if (unsubscribe) void unsubscribe.then((off) => off()).catch(() => {});
    }
    if (!connection.member) return;
    try {
      await this.store.leave(connection.tableId, connection.member);
      if (!this.closing) await this.store.membersChanged(connection.tableId);
    } catch (err) {
      this.options.log.debug({ err }, 'table leave not recorded');
    }
  }

  private ping(): void {
    for (const table of this.tables.values()) {
      for (const c of table.connections) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
    }
  }

  private async refresh(): Promise<void> {
    const entries: { tableId: string; connection: MemberConnection }[] = [];
    for (const [tableId, table] of this.tables)
      for (const c of table.connections) if (c.member) entries.push({ tableId, connection: c.member });
    if (entries.length === 0) return;
    try {
      await this.store.refresh(entries);
    } catch (err) {
      this.options.log.warn({ err }, 'table members not refreshed');
    }
  }

  /** Shutdown: every socket is closed with the reconnect hint (another server, or this one back). */
  closeAll(): void {
    this.closing = true;
    clearInterval(this.timer);
    clearInterval(this.refreshTimer);
    for (const table of this.tables.values())
      for (const c of table.connections) c.close(CLOSE.restart, 'Server restarting: reconnect');
  }
}
