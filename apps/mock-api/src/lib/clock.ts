/**
 * The server's notion of "now". Tests and the demo can move it (POST /__mock/clock) to show
 * trip expiry and the rating windows without waiting.
 */
export class Clock {
  private offsetMs = 0;
  private fixed: Date | null = null;

  now(): Date {
    if (this.fixed) return new Date(this.fixed.getTime());
    return new Date(Date.now() + this.offsetMs);
  }

  /** Freeze the clock at a date. */
  set(date: Date): void {
    this.fixed = date;
    this.offsetMs = 0;
  }

  /** Let the clock run from a date onwards. */
  travelTo(date: Date): void {
    this.fixed = null;
    this.offsetMs = date.getTime() - Date.now();
  }

  reset(): void {
    this.fixed = null;
    this.offsetMs = 0;
  }

  get overridden(): boolean {
    return this.fixed !== null || this.offsetMs !== 0;
  }
}
