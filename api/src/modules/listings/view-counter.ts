import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/** One viewer's first look at a listing on a day (UTC), as `listing_views` stores it. */
export interface ListingView {
  listingId: string;
  viewerKey: string;
  day: string;
}

export interface ViewCounterOptions {
  /** How often the views seen since the last write are stored. */
  flushIntervalMs?: number;
  /** A batch this large is stored at once instead of waiting for the timer. */
  maxPending?: number;
  /** How many of today's viewer-listing pairs are remembered; past it the memory starts afresh. */
  maxRemembered?: number;
}

/**
 * Recent guests' keys by address: a guest reading page after page is hashed once, not on every
 * read (the hash and the day's date were 4 % of a guest listing read's CPU, docs/benchmarks.md).
 */
const guestKeys = new Map<string, string>();
const GUEST_KEYS_REMEMBERED = 10_000;

/**
 * Who viewed, as `listing_views` keeps it: a user by id, a guest by a hash of their address, so raw
 * IPs are never stored. A request whose client hung up while it waited has no address left; such
 * guests share one key.
 */
export function viewerKey({ userId, ip }: { userId: string | null; ip: string | undefined }): string {
  if (userId) return `user:${userId}`;
  if (ip === undefined) return 'ip:unknown';
  let key = guestKeys.get(ip);
  if (key === undefined) {
    key = `ip:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
    // Forgetting is safe: a key is made again from its address.
    if (guestKeys.size >= GUEST_KEYS_REMEMBERED) guestKeys.clear();
    guestKeys.set(ip, key);
  }
  return key;
}

const DAY_MS = 86_400_000;
const utcDayNumber = () => Math.floor(Date.now() / DAY_MS);
const utcDay = () => new Date().toISOString().slice(0, 10);

/**
 * Counts listing views off the request path: a page view only notes the viewer in memory, and the
 * views new to this process are stored in one statement per batch (`store`), which also drops those
 * the database already has (another process, or before a restart). Until a batch is stored its views
 * are added to what the database says (`pendingFor`), so a viewer still sees their own view at once.
 */
export class ViewCounter {
  private readonly flushIntervalMs: number;
  private readonly maxPending: number;
  private readonly maxRemembered: number;
  private day = utcDay();
  private dayNumber = utcDayNumber();
  private readonly seenToday = new Set<string>();
  private pending: ListingView[] = [];
  /** Views noted but not yet stored (pending or being written), by listing. */
  private readonly unstoredByListing = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: (views: ListingView[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    options: ViewCounterOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.maxPending = options.maxPending ?? 5000;
    this.maxRemembered = options.maxRemembered ?? 200_000;
  }

  /** Notes a view; a viewer already seen today on this listing adds nothing. */
  record(listingId: string, viewerKey: string): void {
    const today = utcDayNumber();
    if (today !== this.dayNumber) {
      this.dayNumber = today;
      this.day = utcDay();
      this.seenToday.clear();
    }
    const { day } = this;
    const key = `${listingId} ${viewerKey}`;
    if (this.seenToday.has(key)) return;
    // Forgetting is safe: the database keeps one row per viewer and day, so a repeat is dropped there.
    if (this.seenToday.size >= this.maxRemembered) this.seenToday.clear();
    this.seenToday.add(key);
    this.pending.push({ listingId, viewerKey, day });
    this.unstoredByListing.set(listingId, (this.unstoredByListing.get(listingId) ?? 0) + 1);
    if (this.pending.length >= this.maxPending) void this.flush();
  }

  /** Views of the listing noted here and not stored yet. */
  pendingFor(listingId: string): number {
    return this.unstoredByListing.get(listingId) ?? 0;
  }

  /** Stores the views noted so far; batches are written one after another. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushIntervalMs).unref();
  }

  /** Stops the timer and stores what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      await this.store(batch);
    } catch (error) {
      // A view count is not worth retrying forever against a failing database: these are lost.
      this.log.error({ err: error, views: batch.length }, 'listing views could not be stored');
    } finally {
      for (const { listingId } of batch) {
        const left = (this.unstoredByListing.get(listingId) ?? 1) - 1;
        if (left > 0) this.unstoredByListing.set(listingId, left);
        else this.unstoredByListing.delete(listingId);
      }
    }
  }
}
