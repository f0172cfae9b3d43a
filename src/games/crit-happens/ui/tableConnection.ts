/**
 * One member's live connection to a table: joins, rolls (each with an idempotency key,
 * re-sent after a reconnect so a roll is never lost nor made twice), and reconnects by
 * itself, asking for the rolls it missed since the last one it saw.
 */
import type { RollMessage, ServerMessage, TableMember, TableRoll } from '../../../api/schemas/tables.ts';
import { CLOSE } from '../../../api/tableLimits.ts';

export type TableStatus = 'connecting' | 'joined' | 'reconnecting' | 'closed';

export interface TableHandlers {
  /** `missed`: rolls made while away (a rejoin) or the table's history (a first join). */
  welcome(you: TableMember, members: TableMember[], rolls: TableRoll[], rejoin: boolean): void;
  roll(roll: TableRoll): void;
  members(members: TableMember[]): void;
  refused(error: string, key: string | undefined): void;
  /** Status changes; `message` says why when the table cannot be reached or was closed. */
  status(status: TableStatus, message: string | null): void;
}

/** Closes that trying again cannot fix: the client stops and says why. */
const FINAL_CLOSES = new Set<number>([
  CLOSE.tableMissing,
  CLOSE.tableFull,
  CLOSE.invalidMessage,
  CLOSE.tooLarge,
]);
const MAX_BACKOFF_MS = 10_000;

export function randomKey(bytes = 18): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The member's secret for a table, kept for the tab's life (a reload is the same member). */
export function memberSecret(tableId: string): string {
  const key = `crithappens:table:${tableId}`;
  try {
    const stored = sessionStorage.getItem(key);
    if (stored && /^[A-Za-z0-9_-]{22,64}$/.test(stored)) return stored;
    const fresh = randomKey();
    sessionStorage.setItem(key, fresh);
    return fresh;
  } catch {
    return randomKey();
  }
}

export function socketUrl(tableId: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/tables/socket.php?table=${encodeURIComponent(tableId)}`;
}

export class TableConnection {
  private socket: WebSocket | null = null;
  private lastSeq = 0;
  private joined = false;
  private attempts = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Rolls sent and not yet answered, by key: sent again after a reconnect. */
  private readonly pending = new Map<string, RollMessage>();

  constructor(
    private readonly tableId: string,
    private readonly name: string,
    private readonly secret: string,
    private readonly handlers: TableHandlers,
  ) {}

  connect(): void {
    if (this.stopped) return;
    this.handlers.status(this.attempts === 0 ? 'connecting' : 'reconnecting', null);
    let socket: WebSocket;
    try {
      socket = new WebSocket(socketUrl(this.tableId));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          type: 'join',
          name: this.name,
          secret: this.secret,
          ...(this.lastSeq > 0 ? { since: this.lastSeq } : {}),
        }),
      );
    };
    socket.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as ServerMessage);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.joined = false;
      if (this.stopped) return;
      if (FINAL_CLOSES.has(event.code)) {
        this.stopped = true;
        this.handlers.status('closed', event.reason || 'The table closed the connection');
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
    this.attempts++;
    this.handlers.status(
      'reconnecting',
      this.attempts > 1 ? 'Table unreachable: your rolls stay on this device until it is back' : null,
    );
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome': {
        const rejoin = this.lastSeq > 0 || this.attempts > 0;
        this.joined = true;
        this.attempts = 0;
        for (const roll of message.rolls) this.lastSeq = Math.max(this.lastSeq, roll.seq);
        this.handlers.welcome(message.you, message.members, message.rolls, rejoin);
        this.handlers.status('joined', null);
        // Rolls asked for before the drop: the same key again, so none is made twice.
        for (const roll of this.pending.values()) this.socket?.send(JSON.stringify(roll));
        return;
      }
      case 'roll': {
        const { roll } = message;
        if (roll.key) this.pending.delete(roll.key);
        if (roll.seq <= this.lastSeq) return;
        this.lastSeq = roll.seq;
        this.handlers.roll(roll);
        return;
      }
      case 'members':
        this.handlers.members(message.members);
        return;
      case 'refused':
        if (message.key) this.pending.delete(message.key);
        this.handlers.refused(message.error, message.key);
        return;
    }
  }

  /** True when connected; false means the caller rolls locally (the table is unreachable). */
  get connected(): boolean {
    return this.joined && this.socket?.readyState === WebSocket.OPEN;
  }

  /** Asks the table to roll; returns the idempotency key, or null when not connected. */
  roll(notation: string, mode: RollMessage['mode'], onlyMe: boolean): string | null {
    if (!this.connected) return null;
    const message: RollMessage = { type: 'roll', key: randomKey(12), notation, mode, private: onlyMe };
    this.pending.set(message.key, message);
    this.socket!.send(JSON.stringify(message));
    return message.key;
  }

  close(): void {
    this.stopped = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.socket?.close(1000, 'Left the table');
    this.socket = null;
  }
}
