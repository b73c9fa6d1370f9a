/**
 * At most `running` tasks at once, at most `waiting` more in line (first come, first served); past that a task is
 * refused at once rather than queued without bound. Used where each task is expensive in memory or CPU, so that a
 * burst degrades into quick refusals instead of taking the process down.
 */
export class Gate {
  private active = 0;
  private readonly line: (() => void)[] = [];

  constructor(private readonly limits: { running: number; waiting: number }) {}

  /** Runs `task` when a slot is free; `refuse` makes the error thrown when the line is full too. */
  async run<T>(task: () => Promise<T>, refuse: () => Error): Promise<T> {
    if (this.active >= this.limits.running) {
      if (this.line.length >= this.limits.waiting) throw refuse();
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, so `active` never drops and lets a newcomer jump the queue.
      const next = this.line.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.line.length };
  }
}
