import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerBridge, type WorkerLike, WorkerStoppedError } from './WorkerBridge.ts';

/** A worker stand-in: its API served by Comlink on the far end of a MessageChannel. */
class FakeWorker extends EventTarget implements WorkerLike {
  terminated = false;
  private readonly port: MessagePort;

  constructor(api: object) {
    super();
    const channel = new MessageChannel();
    Comlink.expose(api, channel.port2);
    this.port = channel.port1;
  }

  postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
    this.port.postMessage(message, transfer as Transferable[]);
  }

  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    if (type === 'message') this.port.addEventListener('message', listener as EventListener);
    else super.addEventListener(type, listener);
  }

  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    if (type === 'message') this.port.removeEventListener('message', listener as EventListener);
    else super.removeEventListener(type, listener);
  }

  terminate(): void {
    this.terminated = true;
    this.port.close();
  }

  crash(message: string): void {
    const event = new Event('error', { cancelable: true });
    Object.assign(event, { message });
    this.dispatchEvent(event);
  }
}

/** A worker API: counts, answers, and one call that never answers (the worker is busy). */
function makeApi() {
  let count = 0;
  return {
    add(n: number) {
      count += n;
      return count;
    },
    fail(): number {
      throw new Error('no such body');
    },
    hang(): Promise<number> {
      return new Promise(() => {});
    },
  };
}

type Api = ReturnType<typeof makeApi>;

function start() {
  const workers: FakeWorker[] = [];
  const errors: Error[] = [];
  const bridge = new WorkerBridge<Api>(
    () => {
      const worker = new FakeWorker(makeApi());
      workers.push(worker);
      return worker;
    },
    { label: 'The test engine', onError: (e) => errors.push(e) },
  );
  return { bridge, workers, errors };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('WorkerBridge', () => {
  it('calls the worker and passes its errors back', async () => {
    const { bridge } = start();
    expect(await bridge.call('add', 2)).toBe(2);
    expect(await bridge.call('add', 3)).toBe(5);
    await expect(bridge.call('fail')).rejects.toThrow('no such body');
    bridge.dispose();
  });

  it('a crash rejects the calls waiting, reports once, terminates, and refuses more calls', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { bridge, workers, errors } = start();
    const waiting = bridge.call('hang');
    await Promise.resolve();
    workers[0].crash('boom');
    await expect(waiting).rejects.toThrow('The test engine stopped working.');
    await expect(waiting).rejects.toBeInstanceOf(WorkerStoppedError);
    expect(errors.map((e) => e.message)).toEqual(['The test engine stopped working.']);
    expect(workers[0].terminated).toBe(true);
    expect(bridge.stopped).toBe(errors[0]);
    await expect(bridge.call('add', 1)).rejects.toBe(errors[0]);
    // A second crash event (or a send to the stopped worker) is not reported again.
    workers[0].crash('again');
    bridge.send('add', 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(errors).toHaveLength(1);
  });

  it('a message the page cannot read stops the worker the same way', async () => {
    const { bridge, workers, errors } = start();
    const waiting = bridge.call('hang');
    workers[0].dispatchEvent(new Event('messageerror'));
    await expect(waiting).rejects.toBeInstanceOf(WorkerStoppedError);
    expect(errors).toHaveLength(1);
  });

  it('restart starts a fresh worker that answers again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { bridge, workers } = start();
    await bridge.call('add', 4);
    workers[0].crash('boom');
    bridge.restart();
    expect(workers).toHaveLength(2);
    expect(bridge.stopped).toBeNull();
    // A fresh worker: the state is the caller's to load again.
    expect(await bridge.call('add', 1)).toBe(1);
    bridge.dispose();
  });

  it('send routes a failed command to the error handler instead of dropping it', async () => {
    const { bridge, errors } = start();
    bridge.send('fail');
    await vi.waitFor(() => expect(errors.map((e) => e.message)).toEqual(['no such body']));
    bridge.dispose();
  });

  it('dispose terminates the worker, rejects what waits and refuses later calls, without reporting', async () => {
    const { bridge, workers, errors } = start();
    const waiting = bridge.call('hang');
    bridge.dispose();
    await expect(waiting).rejects.toThrow('The test engine was closed.');
    await expect(bridge.call('add', 1)).rejects.toThrow('was closed');
    expect(() => bridge.restart()).toThrow('was closed');
    expect(workers[0].terminated).toBe(true);
    expect(errors).toEqual([]);
  });
});
