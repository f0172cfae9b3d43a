/**
 * A table member for tests: a real WebSocket to a listening server that keeps every message
 * it receives (so a test can inspect all of them) and the close code and reason.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import type { ServerMessage, TableRoll } from '../../src/api/schemas/tables.ts';

export class TableClient {
  readonly messages: ServerMessage[] = [];
  /** Every text frame exactly as received. */
  readonly raw: string[] = [];
  closed: { code: number; reason: string } | null = null;
  readonly socket: WebSocket;
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;

  constructor(
    baseUrl: string,
    tableId: string,
    readonly secret = crypto.randomBytes(18).toString('base64url'),
  ) {
    const origin = baseUrl.replace(/^ws/, 'http');
    this.socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/tables/socket.php?table=${tableId}`, {
      headers: { origin },
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.raw.push(text);
      this.messages.push(JSON.parse(text) as ServerMessage);
      this.wake();
    });
    this.socket.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString('utf8') };
      this.wake();
    });
    this.socket.on('error', () => {});
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async join(name: string, since?: number): Promise<Extract<ServerMessage, { type: 'welcome' }>> {
    await this.opened;
    this.send({ type: 'join', name, secret: this.secret, ...(since === undefined ? {} : { since }) });
    return (await this.waitFor((m) => m.type === 'welcome')) as Extract<ServerMessage, { type: 'welcome' }>;
  }

  roll(notation: string, options: { key?: string; private?: boolean; mode?: string } = {}): string {
    const key = options.key ?? crypto.randomBytes(9).toString('base64url');
    this.send({
      type: 'roll',
      key,
      notation,
      mode: options.mode ?? 'normal',
      private: options.private ?? false,
    });
    return key;
  }

  /** Rolls received (in roll messages and welcomes), in arrival order. */
  rolls(): TableRoll[] {
    return this.messages.flatMap((m) => (m.type === 'roll' ? [m.roll] : m.type === 'welcome' ? m.rolls : []));
  }

  async waitFor(test: (m: ServerMessage) => boolean, timeoutMs = 10_000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    for (;;) {
      for (; seen < this.messages.length; seen++) if (test(this.messages[seen])) return this.messages[seen];
      if (this.closed) throw new Error(`closed ${this.closed.code} ${this.closed.reason} while waiting`);
      if (Date.now() > deadline)
        throw new Error(`no such message in ${timeoutMs} ms: ${this.raw.join('\n')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until `count` rolls have arrived. */
  async waitForRolls(count: number, timeoutMs = 10_000): Promise<TableRoll[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.rolls().length < count) {
      if (Date.now() > deadline)
        throw new Error(
          `${this.rolls().length} of ${count} rolls in ${timeoutMs} ms: ${this.raw.join('\n')}`,
        );
      await this.waitFor(() => this.rolls().length >= count, deadline - Date.now()).catch(() => {});
      if (this.closed) throw new Error(`closed ${this.closed.code} ${this.closed.reason}`);
    }
    return this.rolls();
  }

  async waitForClose(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket did not close');
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }
}

/** The members a suite connects, kept so that its end closes every one of them. */
export class TableMembers {
  private readonly clients: TableClient[] = [];

  /** A new member of table `tableId` on the server at `baseUrl` (the same member again with its `secret`). */
  connect(baseUrl: string, tableId: string, secret?: string): TableClient {
    const c = new TableClient(baseUrl, tableId, secret);
    this.clients.push(c);
    return c;
  }

  closeAll(): void {
    for (const c of this.clients) c.close();
  }
}
