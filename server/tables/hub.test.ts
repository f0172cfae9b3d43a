/// <reference path="./ws.d.ts" />
import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/api/schemas/tables.ts';
import { TableHub } from './hub.ts';
import { MemoryTableStore, type TableEvent } from './store.ts';

/** A socket that keeps what the hub sends it. */
class RecordingSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  readonly sent: ServerMessage[] = [];
  send(text: string) {
    this.sent.push(JSON.parse(text) as ServerMessage);
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  ping() {}
  terminate() {
    this.close();
  }
  say(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

/** Tables in memory whose fan-out loses the events `lost` names, as a dropped pub/sub subscription would. */
class LossyStore extends MemoryTableStore {
  constructor(private readonly lost: Set<number>) {
    super();
  }
  override async subscribe(tableId: string, listener: (event: TableEvent) => void) {
    return super.subscribe(tableId, (event) => {
      if (event.type === 'roll' && this.lost.has(event.roll.seq)) return;
      listener(event);
    });
  }
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(test()).toBe(true);
};

describe('the table hub', () => {
  it('reads back rolls its subscription missed, and sends every member every roll once, in order', async () => {
    const store = new LossyStore(new Set([2, 3]));
    const hub = new TableHub(store, { log: Fastify().log, rateLimits: false });
    await store.createTable('t');
    const [ana, bo] = [new RecordingSocket(), new RecordingSocket()];
    hub.accept(ana as never, 't');
    hub.accept(bo as never, 't');
    ana.say({ type: 'join', name: 'Ana', secret: 'a'.repeat(22) });
    bo.say({ type: 'join', name: 'Bo', secret: 'b'.repeat(22) });
    await until(
      () => bo.sent.some((m) => m.type === 'welcome') && ana.sent.some((m) => m.type === 'welcome'),
    );
    for (let i = 0; i < 5; i++)
      ana.say({ type: 'roll', key: `roll-key-${i}`, notation: 'd6', mode: 'normal', private: false });
    const seqs = (socket: RecordingSocket) =>
      socket.sent.flatMap((m) => (m.type === 'roll' ? [m.roll.seq] : []));
    await until(() => seqs(bo).length === 5);
    expect(seqs(bo)).toEqual([1, 2, 3, 4, 5]);
    expect(seqs(ana)).toEqual([1, 2, 3, 4, 5]);
    hub.closeAll();
    await store.close();
  });
});
