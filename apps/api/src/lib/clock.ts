/** Time comes from here, never from `new Date()` in a service, so tests can move it (hold expiry, kiosk idle). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can set and advance. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date = new Date()) {
    this.t = start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(at: Date): void {
    this.t = at.getTime();
  }
}
