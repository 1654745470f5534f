import { createHmac, randomBytes } from 'node:crypto';
import { todayInDublin } from '../../../shared/booking';

/**
 * Senders remembered in a day at most. Only an address that has already sent its day's 64 MB is refused, so no
 * real day comes near it; past it a refusal is counted each time rather than none going unseen.
 */
const MAX_SENDERS_A_DAY = 10_000;

/**
 * The senders (client address keys) whose refusal for the daily upload allowance was already counted in the
 * clinic day, so that one sender retrying all day counts once. Held in this process's memory only, as hashes of
 * the day and address keyed with a secret made at start that never leaves it, and forgotten when the day turns:
 * the day's uploads in the database stay without addresses.
 */
export class RefusedSenders {
  private readonly key = randomBytes(32);
  private day = '';
  private readonly seen = new Set<string>();

  constructor(
    private readonly now: () => Date = () => new Date(),
    readonly capacity = MAX_SENDERS_A_DAY,
  ) {}

  /** True the first time `client` is refused in the clinic day (remembered from then on), false after. */
  firstToday(client: string): boolean {
    const day = todayInDublin(this.now());
    if (day !== this.day) {
      this.day = day;
      this.seen.clear();
    }
    const hash = createHmac('sha256', this.key).update(`${day} ${client}`).digest('base64url');
    if (this.seen.has(hash)) return false;
    if (this.seen.size < this.capacity) this.seen.add(hash);
    return true;
  }
}
