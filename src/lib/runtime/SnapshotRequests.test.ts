import { describe, expect, it } from 'vitest';
import { SnapshotRequests } from './SnapshotRequests.ts';

/** A host whose snapshots are its change count, with the request each was made for. */
function makeRequests(ready = () => true) {
  let state = 0;
  const taken: (string | null)[] = [];
  const requests = new SnapshotRequests<string, number>((request) => {
    taken.push(request);
    return state;
  }, ready);
  const change = () => {
    state++;
    requests.changed();
  };
  return { requests, taken, change };
}

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('SnapshotRequests', () => {
  it('answers the first request at once, then waits for a change', async () => {
    const { requests, taken, change } = makeRequests();
    expect(await requests.next('a')).toBe(0);
    const second = requests.next('b');
    expect(await settled(second)).toBe(false);
    change();
    expect(await second).toBe(1);
    expect(taken).toEqual(['a', 'b']);
  });

  it('answers at once a request made after a change it has not seen', async () => {
    const { requests, change } = makeRequests();
    await requests.next('a');
    change();
    change();
    expect(await requests.next('b')).toBe(2);
  });

  it('answers at once when asked to, changed or not', async () => {
    const { requests } = makeRequests();
    await requests.next('a');
    expect(await settled(requests.next('chunks', true))).toBe(true);
  });

  it('answers a waiting request with the state as it is when the next one arrives', async () => {
    const { requests, taken, change } = makeRequests();
    await requests.next('a');
    const waiting = requests.next('b');
    const next = requests.next('c');
    // The request left waiting is answered without its own (its reader has moved on).
    expect(await waiting).toBe(0);
    expect(taken).toEqual(['a', null]);
    change();
    expect(await next).toBe(1);
    expect(taken).toEqual(['a', null, 'c']);
  });

  it('gives a new reader the state at once; the request waiting goes to the old reader', async () => {
    const { requests } = makeRequests();
    await requests.next('a');
    const old = requests.next('b');
    requests.newReader();
    expect(await old).toBe(0);
    expect(await requests.next('c')).toBe(0);
  });

  it('keeps requests waiting while there is no state to send', async () => {
    let ready = false;
    const { requests, change } = makeRequests(() => ready);
    const first = requests.next('a', true);
    change();
    expect(await settled(first)).toBe(false);
    ready = true;
    change();
    expect(await first).toBe(2);
  });

  it('sends a change that shows a new input at once when no request waits, and only such a change', async () => {
    let state = 0;
    let input = 0;
    const requests = new SnapshotRequests<string, number>(
      () => state,
      () => true,
      () => input,
    );
    const unasked: number[] = [];
    const step = (withInput = false) => {
      state++;
      if (withInput) input++;
      requests.changed();
    };
    // No sink yet (no reader): the input waits for a request, as any change does.
    step(true);
    expect(await requests.next('a')).toBe(1);
    requests.sendUnaskedTo((snapshot) => unasked.push(snapshot));
    // A step alone waits for the next request.
    step();
    expect(unasked).toEqual([]);
    expect(await requests.next('b')).toBe(2);
    // An input with no request waiting goes at once, and is not sent again to the next request.
    step(true);
    expect(unasked).toEqual([3]);
    const next = requests.next('c');
    expect(await settled(next)).toBe(false);
    // An input with a request waiting answers the request.
    step(true);
    expect(await next).toBe(4);
    expect(unasked).toEqual([3]);
    requests.sendUnaskedTo(null);
    step(true);
    expect(unasked).toEqual([3]);
  });
});
