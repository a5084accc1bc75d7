import type { Session } from './types';

/**
 * Active sessions remembered by the process that looked them up, so that a signed-in read does
 * not cost a database round trip each time (the board with match scores: one query per request
 * was most of the gap to a visitor's search, ADR 029).
 *
 * Only ever a shortcut to what the store would answer: an entry is used only while
 * - the process hears every revocation (`trusted`: the store's own revocations evict at once, and
 *   other processes' arrive as notifications; when the channel is down nothing is remembered),
 * - no revocation was heard between the lookup's start and its answer (`generation`),
 * - the session has not expired at the caller's `now`, and it is younger in the cache than `maxAgeMs`
 *   (a revocation that bypassed the store — a hand-written UPDATE — is picked up that late at worst).
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: Session; until: number }>();
  private trustedSince: number | null = null;
  /** Moves on every eviction: a lookup that began before one must not be remembered. */
  private generationCount = 0;

  constructor(
    private readonly options: { maxAgeMs: number; maxEntries: number; now?: () => number } = { maxAgeMs: 60_000, maxEntries: 10_000 },
  ) {}

  private get clock() {
    return this.options.now?.() ?? Date.now();
  }

  get generation() {
    return this.generationCount;
  }

  get size() {
    return this.entries.size;
  }

  /** Revocations are heard from now on (the notification channel is listening). */
  trust(): void {
    this.clear();
    this.trustedSince = this.clock;
  }

  /** Revocations may go unheard (the channel is down): forget everything, remember nothing. */
  distrust(): void {
    this.trustedSince = null;
    this.clear();
  }

  get trusted() {
    return this.trustedSince !== null;
  }

  get(tokenHash: string, now: Date): Session | null {
    if (!this.trusted) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= this.clock || new Date(entry.session.expiresAt) <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return { ...entry.session };
  }

  /** Remembers a session looked up when `generation` was `since`, unless something was revoked meanwhile. */
  put(session: Session, since: number): void {
    if (!this.trusted || since !== this.generationCount) return;
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(session.tokenHash, { session: { ...session }, until: this.clock + this.options.maxAgeMs });
  }

  evictToken(tokenHash: string): void {
    this.generationCount++;
    this.entries.delete(tokenHash);
  }

  evictUser(userId: string): void {
    this.generationCount++;
    for (const [tokenHash, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(tokenHash);
  }

  clear(): void {
    this.generationCount++;
    this.entries.clear();
  }
}
