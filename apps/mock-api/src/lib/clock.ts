/**
 * The server's notion of "now". Tests and the demo can move it (POST /__mock/clock) to show
 * trip expiry and the rating windows without waiting.
 */
export class Clock {
  private offsetMs = 0;
  private fixed: Date | null = null;
  /** Jobs driven by this clock (pending ratings) run when it is moved; `settled()` awaits them. */
  private listeners = new Set<() => Promise<unknown>>();
  private running: Promise<unknown>[] = [];

  now(): Date {
    if (this.fixed) return new Date(this.fixed.getTime());
    return new Date(Date.now() + this.offsetMs);
  }

  /** Freeze the clock at a date. */
  set(date: Date): void {
    this.fixed = date;
    this.offsetMs = 0;
    this.moved();
  }

  /** Let the clock run from a date onwards. */
  travelTo(date: Date): void {
    this.fixed = null;
    this.offsetMs = date.getTime() - Date.now();
    this.moved();
  }

  reset(): void {
    this.fixed = null;
    this.offsetMs = 0;
    this.moved();
  }

  /** Runs `job` whenever the clock is moved; returns the unsubscribe function. */
  onMove(job: () => Promise<unknown>): () => void {
    this.listeners.add(job);
    return () => this.listeners.delete(job);
  }

  /** Resolves once the jobs started by the last moves have finished (their failures are theirs). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private moved(): void {
    for (const job of this.listeners) {
      const run = job();
      // Handled here so a failed run never becomes an unhandled rejection; settled() still sees it.
      run.catch(() => undefined).finally(() => (this.running = this.running.filter((other) => other !== run)));
      this.running.push(run);
    }
  }

  get overridden(): boolean {
    return this.fixed !== null || this.offsetMs !== 0;
  }
}
