import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotClient, SnapshotServer } from './snapshotPort.ts';

interface Snap {
  n: number;
  data: Float32Array;
}

const open: { close(): void }[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

/** A host like the games': fills the buffer it is handed back (or a new one), marks it to move. */
function pingPong() {
  const channel = new MessageChannel();
  const server = new SnapshotServer<Float32Array | null, Snap>();
  let n = 0;
  /** Length of each buffer the worker was handed, when it got it (it moves back right after). */
  const received: (number | null)[] = [];
  server.serve(channel.port2, async (buffer) => {
    received.push(buffer ? buffer.length : null);
    const data = buffer ?? new Float32Array(4);
    n++;
    data.fill(n);
    return server.markTransfer({ n, data }, [data.buffer as ArrayBuffer]);
  });
  const client = new SnapshotClient<Float32Array | null, Snap>(channel.port1);
  open.push(client, channel.port2);
  return { client, received };
}

describe('snapshot port', () => {
  it('moves the buffers both ways and the worker refills the one handed back', async () => {
    const { client, received } = pingPong();
    const first = await client.request(null);
    expect(first.n).toBe(1);
    expect([...first.data]).toEqual([1, 1, 1, 1]);
    const handedBack = first.data;
    const second = await client.request(handedBack, [handedBack.buffer as ArrayBuffer]);
    // Transferred, not copied: the page's view is detached, the worker got the same bytes.
    expect(handedBack.byteLength).toBe(0);
    expect(received).toEqual([null, 4]);
    expect([...second.data]).toEqual([2, 2, 2, 2]);
    const third = await client.request(second.data, [second.data.buffer as ArrayBuffer]);
    expect(second.data.byteLength).toBe(0);
    expect(third.n).toBe(3);
  });

  it('answers requests in the order asked', async () => {
    const { client } = pingPong();
    const answers = await Promise.all([client.request(null), client.request(null), client.request(null)]);
    expect(answers.map((a) => a.n)).toEqual([1, 2, 3]);
  });

  it('refuses a request the host fails, and everything after close', async () => {
    const channel = new MessageChannel();
    const server = new SnapshotServer<null, number>();
    server.serve(channel.port2, () => Promise.reject(new Error('no world')));
    const client = new SnapshotClient<null, number>(channel.port1);
    open.push(channel.port2);
    await expect(client.request(null)).rejects.toThrow('no world');
    client.close();
    await expect(client.request(null)).rejects.toThrow('closed');
  });

  it('hands a snapshot sent unasked to its own listener, moved, and leaves the answer waiting for its request', async () => {
    const channel = new MessageChannel();
    const server = new SnapshotServer<null, Snap>();
    let answer!: (snap: Snap) => void;
    server.serve(channel.port2, () => new Promise<Snap>((resolve) => (answer = resolve)));
    const unasked: Snap[] = [];
    const client = new SnapshotClient<null, Snap>(channel.port1, (snap) => unasked.push(snap));
    open.push(client, channel.port2);
    const asked = client.request(null);
    await expect.poll(() => typeof answer).toBe('function');
    const data = new Float32Array([7, 7]);
    server.sendUnasked(server.markTransfer({ n: 7, data }, [data.buffer as ArrayBuffer]));
    await expect.poll(() => unasked.length).toBe(1);
    expect(unasked[0].n).toBe(7);
    expect([...unasked[0].data]).toEqual([7, 7]);
    expect(data.byteLength).toBe(0);
    answer({ n: 8, data: new Float32Array(1) });
    expect((await asked).n).toBe(8);
    expect(unasked).toHaveLength(1);
  });
});
