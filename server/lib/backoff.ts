/**
 * Per-address back-off for wrong sign-in codes, in this node's memory: after every
 * `threshold` failures an address waits, 1 minute doubling to at most `maxMs`, and is
 * forgotten after `forgetMs` without failures. Bounded in entries, so a flood of
 * addresses costs memory only up to `maxEntries` (the oldest are dropped first).
 */
export class AddressBackoff {
  private readonly entries = new Map<string, { failures: number; blockedUntil: number; lastAt: number }>();

  constructor(
    private readonly threshold = 10,
    private readonly baseMs = 60_000,
    private readonly maxMs = 15 * 60_000,
    private readonly forgetMs = 60 * 60_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** Seconds this address must still wait; 0 when it may try. */
  retryAfterSeconds(address: string, now: number): number {
    const entry = this.entries.get(address);
    if (!entry) return 0;
    if (now - entry.lastAt > this.forgetMs && now >= entry.blockedUntil) {
      this.entries.delete(address);
      return 0;
    }
    return Math.max(0, Math.ceil((entry.blockedUntil - now) / 1000));
  }

  fail(address: string, now: number): void {
    const previous = this.entries.get(address);
    const entry = previous && now - previous.lastAt <= this.forgetMs ? previous : { failures: 0, blockedUntil: 0, lastAt: now };
    entry.failures += 1;
    entry.lastAt = now;
    if (entry.failures % this.threshold === 0) {
      const rounds = entry.failures / this.threshold;
      entry.blockedUntil = now + Math.min(this.baseMs * 2 ** (rounds - 1), this.maxMs);
    }
    this.entries.delete(address);
    this.entries.set(address, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
