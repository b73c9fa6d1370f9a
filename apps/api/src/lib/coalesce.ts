/**
 * Coalesces concurrent look-ups into one statement (decision 276): requests asked for while a statement is in flight
 * wait for the next one, which is sent only after they were all asked, so every answer is read at a snapshot taken
 * after its question (never one begun before it: a request never gets an answer older than itself). Under load the
 * batches grow by themselves; alone, a look-up costs what it did (one statement, sent on the next turn of the loop).
 */
export class Coalescer<Q, A> {
  private queued: { question: Q; resolve: (a: A) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Answers every question of one batch, in order, with one statement. */
    private readonly load: (questions: Q[]) => Promise<A[]>,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 500,
  ) {}

  ask(question: Q): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      this.queued.push({ question, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queued.length === 0) return;
    this.scheduled = true;
    // The next turn of the loop: questions arriving in the same I/O phase share the statement.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.queued.length === 0 || this.inFlight >= this.maxInFlight) return;
    const batch = this.queued.splice(0, this.maxBatch);
    this.inFlight++;
    try {
      const answers = await this.load(batch.map((b) => b.question));
      for (const [i, b] of batch.entries()) b.resolve(answers[i] as A);
    } catch (err) {
      for (const b of batch) b.reject(err);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
