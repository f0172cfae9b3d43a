/**
 * An engine host's side of the snapshot long-poll, the same for every game: the render host
 * asks for the next state it has not seen (`next`), and one request waits at a time. It is
 * answered at once when the state changed since the last answer, else at the next
 * `changed()`. A request arriving while another waits answers that one first with the state
 * as it is (its reader has moved on, as after a restart).
 *
 * `take(request)` makes the snapshot for a request (null: no buffers to reuse, nothing asked
 * for). `ready()` says whether there is a state to send at all (a game not yet started has
 * none): until then requests wait, whatever changes.
 *
 * The reader asks once a frame, so a change that finds no request waiting waits for the next
 * one, and the frame after that shows it. That is right for a step (the next frame shows the
 * newest anyway) but not for the player's input: `inputOf()` gives the newest input number
 * (`markInput`) the state shows, and a change that brings a newer one than the reader was
 * last sent, with no request waiting, goes at once to the sink given with `sendUnaskedTo`.
 */
export class SnapshotRequests<Request, Snapshot> {
  /** Bumped on every change the reader should see. */
  private version = 0;
  private answeredVersion = -1;
  private waiting: { request: Request | null; resolve: (snapshot: Snapshot) => void } | null = null;
  private sentInput = 0;
  private unaskedSink: ((snapshot: Snapshot) => void) | null = null;

  constructor(
    private readonly take: (request: Request | null) => Snapshot,
    private readonly ready: () => boolean = () => true,
    private readonly inputOf: () => number = () => 0,
  ) {}

  /** Where a snapshot showing a new input goes when no request waits for it (null: nowhere). */
  sendUnaskedTo(sink: ((snapshot: Snapshot) => void) | null): void {
    this.unaskedSink = sink;
  }

  /**
   * The next state the reader has not seen; `now` answers at once even when nothing changed
   * (a request that asks for something only the host can give, such as map chunks).
   */
  next(request: Request | null, now = false): Promise<Snapshot> {
    if (this.waiting && this.ready()) this.waiting.resolve(this.answer(null));
    return new Promise((resolve) => {
      this.waiting = { request, resolve };
      if (now || this.version !== this.answeredVersion) this.deliver();
    });
  }

  /** The state changed: the request waiting, if any, is answered with it. */
  changed(): void {
    this.version++;
    if (this.waiting) this.deliver();
    else if (this.unaskedSink && this.inputOf() > this.sentInput && this.ready())
      this.unaskedSink(this.answer(null));
  }

  /**
   * A new reader (its renderer restarted): the request waiting goes to the old one, and the
   * new one's first request is answered at once, changed or not.
   */
  newReader(): void {
    this.deliver();
    this.answeredVersion = -1;
  }

  private deliver(): void {
    const waiting = this.waiting;
    if (!waiting || !this.ready()) return;
    this.waiting = null;
    waiting.resolve(this.answer(waiting.request));
  }

  private answer(request: Request | null): Snapshot {
    const snapshot = this.take(request);
    this.answeredVersion = this.version;
    this.sentInput = this.inputOf();
    return snapshot;
  }
}
