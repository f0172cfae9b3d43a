import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SteppableClock, TestClock } from './clock.ts';
import { obeyTestOrder } from './exposeWorker.ts';
import { FixedStepLoop } from './FixedStepLoop.ts';
import { crashDetail, WorkerBridge, type WorkerLike, WorkerStoppedError } from './WorkerBridge.ts';

/** A worker stand-in: its API served by Comlink on the far end of a MessageChannel. */
class FakeWorker extends EventTarget implements WorkerLike {
  terminated = false;
  private readonly port: MessagePort;

  constructor(api: object, clock?: SteppableClock) {
    super();
    const channel = new MessageChannel();
    Comlink.expose(api, channel.port2);
    // What exposeWorker adds in e2e builds: the tests' orders (here, to step the clock).
    channel.port2.addEventListener('message', (event) => obeyTestOrder(event.data, clock));
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

  it('the console says what stopped the worker: its message and where, or that there was none', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { workers } = start();
    const event = new Event('error', { cancelable: true });
    Object.assign(event, { message: 'Uncaught TypeError: x is undefined', filename: 'w.js', lineno: 7 });
    workers[0].dispatchEvent(event);
    expect(error).toHaveBeenLastCalledWith(
      'The test engine stopped: Uncaught TypeError: x is undefined (w.js:7)',
    );
    expect(crashDetail(new Event('error'))).toBe(
      'no message: a script it loads could not be loaded, or it ran out of memory',
    );
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

  it("a test takes the worker's clock over and steps it; a restarted worker's clock is taken over too", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The worker: a host ticking every 10 ms on its steppable clock, counting its ticks.
    const real = new TestClock();
    const hosts: { ticks: number }[] = [];
    const bridge = new WorkerBridge<{ ticks(): number }>(
      () => {
        const clock = new SteppableClock(real);
        const host = { ticks: 0 };
        hosts.push(host);
        new FixedStepLoop({ clock, tickMs: 10, shouldRun: () => true, tick: () => host.ticks++ }).schedule();
        return new FakeWorker({ ticks: () => host.ticks }, clock);
      },
      { label: 'The test engine', onError: () => {} },
    );
    real.advance(30);
    expect(hosts[0].ticks).toBe(3);
    await bridge.takeOverClockForTest();
    real.advance(1000); // real time no longer moves the game
    expect(await bridge.call('ticks')).toBe(3);
    await bridge.advanceClockForTest(50);
    expect(await bridge.call('ticks')).toBe(8);

    (bridge as unknown as { worker: FakeWorker }).worker.crash('boom');
    bridge.restart();
    await vi.waitFor(() => expect(hosts).toHaveLength(2));
    await bridge.advanceClockForTest(20);
    real.advance(1000);
    expect(await bridge.call('ticks')).toBe(2);
    bridge.dispose();
  });

  it('a worker without a steppable clock refuses the order with a reason', async () => {
    const { bridge } = start();
    await expect(bridge.takeOverClockForTest()).rejects.toThrow('this worker has no clock to step');
    bridge.dispose();
  });
});
