/**
 * One statement for many calls of the same read, the way score submits share a commit:
 * calls arriving while `maxRunning` statements of this read are under way wait, and go
 * together in the next one. A call waits for nothing when the read is idle (the statement
 * starts in the same turn of the event loop, after the I/O that brought the call), so a
 * lightly loaded server answers as before; under load each round trip, with its pool
 * checkout, protocol messages and socket writes, is shared by the calls that queued for it.
 *
 * Exact by construction: a statement is sent only after every call it answers arrived, so
 * each call sees everything committed before it came, as a statement of its own would.
 */
export class BatchedRead<In, Out> {
  private waiting: { input: In; resolve(out: Out): void; reject(err: unknown): void }[] = [];
  private running = 0;
  private scheduled = false;

  /**
   * @param read answers a batch, one output per input, in order.
   * @param maxRunning statements of this read at once (each holds a pooled connection).
   * @param maxBatch calls in one statement at most.
   */
  constructor(
    private readonly read: (inputs: In[]) => Promise<Out[]>,
    private readonly maxRunning: number,
    private readonly maxBatch = 200,
  ) {}

  call(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.running >= this.maxRunning || this.waiting.length === 0) return;
    this.scheduled = true;
    // After the current I/O phase: the calls its other events bring join this statement.
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start() {
    if (this.running >= this.maxRunning || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxBatch);
    this.running++;
    let answered: Promise<Out[]>;
    try {
      answered = this.read(batch.map((call) => call.input));
    } catch (err) {
      answered = Promise.reject(err);
    }
    answered
      .then(
        (outputs) => {
          for (const [i, call] of batch.entries()) call.resolve(outputs[i]);
        },
        (err) => {
          for (const call of batch) call.reject(err);
        },
      )
      .finally(() => {
        this.running--;
        this.schedule();
      });
    // More waiting than one statement takes: start the next at once, within maxRunning.
    this.schedule();
  }
}
