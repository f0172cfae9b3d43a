/**
 * Per-frame snapshots between a game page and its engine worker, over a MessageChannel of
 * their own beside Comlink (which keeps the commands). A Comlink call per frame costs a
 * proxy (registered for finalization), a random message id and a listener lookup on each
 * side; here a request is the bare argument and an answer the bare snapshot, in order.
 *
 * The page asks with `SnapshotClient.request(arg, transfer)` (typically the buffers of an
 * earlier snapshot, handed back to be refilled); the worker answers each request, in
 * order, with what its host's `next(arg)` resolves to, moving the buffers the host marked
 * with `SnapshotServer.markTransfer`. A snapshot that shows the player's input may also come
 * unasked (`SnapshotServer.sendUnasked`, `SnapshotClient`'s `onUnasked`): the reader's request
 * is asked once a frame, and the input should not wait for the next one.
 */

type Answer<T> = { ok: true; value: T; unasked?: true } | { ok: false; error: string };

/** Page side: one request per snapshot, answered in the order asked. */
export class SnapshotClient<Request, Snapshot> {
  private readonly waiting: { resolve: (s: Snapshot) => void; reject: (e: Error) => void }[] = [];
  private closed = false;

  constructor(
    private readonly port: MessagePort,
    onUnasked?: (snapshot: Snapshot) => void,
  ) {
    port.onmessage = (event: MessageEvent<Answer<Snapshot>>) => {
      const answer = event.data;
      if (answer.ok && answer.unasked) {
        onUnasked?.(answer.value);
        return;
      }
      const waiter = this.waiting.shift();
      if (!waiter) return;
      if (answer.ok) waiter.resolve(answer.value);
      else waiter.reject(new Error(answer.error));
    };
  }

  /** The next snapshot; `transfer` lists what of `request` moves to the worker (detached here). */
  request(request: Request, transfer: Transferable[] = []): Promise<Snapshot> {
    if (this.closed) return Promise.reject(new Error('snapshot port closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.port.postMessage(request, transfer);
    });
  }

  /** Stops listening; requests still waiting are refused. */
  close(): void {
    this.closed = true;
    this.port.onmessage = null;
    this.port.close();
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('snapshot port closed'));
  }
}

/** Worker side: remembers what each snapshot moves, and answers requests arriving on a port. */
export class SnapshotServer<Request, Snapshot> {
  private readonly transfers = new WeakMap<object, Transferable[]>();
  private port: MessagePort | null = null;

  /** Marks `value` to be sent with `transfer` moved, not copied (a host's MarkTransfer). */
  readonly markTransfer = <T>(value: T, transfer: Transferable[]): T => {
    if (typeof value === 'object' && value !== null) this.transfers.set(value, transfer);
    return value;
  };

  /** Answers every request on `port` with `next(request)`, in the order asked. */
  serve(port: MessagePort, next: (request: Request) => Promise<Snapshot>): void {
    this.port = port;
    port.onmessage = (event: MessageEvent<Request>) => {
      next(event.data).then(
        (value) => port.postMessage({ ok: true, value } satisfies Answer<Snapshot>, this.transferOf(value)),
        (error: unknown) => {
          port.postMessage({ ok: false, error: String(error) } satisfies Answer<Snapshot>);
        },
      );
    };
  }

  /** Sends `value` to the reader served last without its asking (it comes beside the answers). */
  sendUnasked(value: Snapshot): void {
    this.port?.postMessage(
      { ok: true, value, unasked: true } satisfies Answer<Snapshot>,
      this.transferOf(value),
    );
  }

  private transferOf(value: Snapshot): Transferable[] {
    const transfer = (typeof value === 'object' && value !== null && this.transfers.get(value)) || [];
    if (transfer.length) this.transfers.delete(value as object);
    return transfer;
  }
}
