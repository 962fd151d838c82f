import { gzipSync } from 'node:zlib';

/** A guest's search answer as sent, and until when it holds. */
export interface GuestAnswer {
  /** The search index's version the answer was read at. */
  version: number;
  /** Until when (ms since the epoch, by the listings' freshness clock) it holds at that version. */
  until: number;
  /** The response body. */
  json: string;
  /** The body in gzip, made the first time a client takes it. */
  gzip?: Buffer;
}

/**
 * The last `capacity` guest answers by question, the least recently asked leaving first. An answer
 * is only given back while the index holds the version it was read at and before its `until`.
 */
export class GuestAnswers {
  private readonly answers = new Map<string, GuestAnswer>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.answers.size;
  }

  get(key: string, version: number, now: number): GuestAnswer | undefined {
    const answer = this.answers.get(key);
    if (!answer) return undefined;
    this.answers.delete(key);
    if (answer.version !== version || now >= answer.until) return undefined;
    this.answers.set(key, answer);
    return answer;
  }

  set(key: string, answer: GuestAnswer): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
  }
}

/** The answer's body in gzip, made once. */
export function gzipped(answer: GuestAnswer): Buffer {
  answer.gzip ??= gzipSync(answer.json);
  return answer.gzip;
}
