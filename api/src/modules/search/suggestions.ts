import { SUGGESTIONS_MIN_CHARS } from '@carmarket/shared/constants';
import type { Suggestion } from '@carmarket/shared/contracts';
import type { SearchRepository } from './search.repository.js';

export const SUGGESTIONS_LIMIT = 10;
/** How long the term counts are reused: suggestions rank by size, which a few minutes barely change. */
export const SUGGESTION_TERMS_TTL_MS = 60_000;
/** pg_trgm's default similarity threshold. */
const FUZZY_THRESHOLD = 0.3;

interface Term {
  suggestion: Suggestion;
  count: number;
  /** Lower-case label and its words, for prefix matching. */
  label: string;
  words: string[];
  trigrams: Set<string>[];
}

/** Trigrams the way pg_trgm builds them: each word padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.add(padded.slice(index, index + 3));
  return grams;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return shared / (a.size + b.size - shared);
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function term(suggestion: Suggestion, count: number): Term {
  const words = wordsOf(suggestion.label);
  return { suggestion, count, label: suggestion.label.toLowerCase(), words, trigrams: words.map(trigrams) };
}

/**
 * Suggestions from makes, models and cities with their active listing counts. The counts come from
 * one grouped query, kept in memory for a minute and refreshed in the background when older, so a
 * keystroke costs a scan of a few thousand terms in memory instead of a grouped query over listings.
 */
export class SuggestionIndex {
  private terms: Term[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly repository: SearchRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async suggest(q: string): Promise<Suggestion[]> {
    const wanted = q.trim().toLowerCase();
    if (wanted.length < SUGGESTIONS_MIN_CHARS) return [];
    await this.fresh();

    const prefixWords = wordsOf(wanted);
    const prefix: Term[] = [];
    const fuzzy: { term: Term; score: number }[] = [];
    const queryGrams = prefixWords.map(trigrams);
    for (const candidate of this.terms) {
      const matchesPrefix =
        candidate.label.startsWith(wanted) ||
        prefixWords.every((word) => candidate.words.some((own) => own.startsWith(word)));
      if (matchesPrefix) {
        prefix.push(candidate);
        continue;
      }
      // Typo tolerance: every typed word must resemble some word of the label.
      const score = Math.min(
        ...queryGrams.map((grams) => Math.max(0, ...candidate.trigrams.map((own) => similarity(grams, own)))),
      );
      if (score >= FUZZY_THRESHOLD) fuzzy.push({ term: candidate, score });
    }
    // Prefix matches first, then near matches; within each, the term that finds the most listings.
    prefix.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    fuzzy.sort(
      (a, b) => b.term.count - a.term.count || b.score - a.score || a.term.label.localeCompare(b.term.label),
    );
    return [...prefix, ...fuzzy.map(({ term: near }) => near)]
      .slice(0, SUGGESTIONS_LIMIT)
      .map(({ suggestion }) => suggestion);
  }

  /** The first call waits for the counts; later ones use what is there while a refresh runs. */
  private async fresh(): Promise<void> {
    const stale = this.now() - this.loadedAt > SUGGESTION_TERMS_TTL_MS;
    if (stale && !this.loading) {
      this.loading = this.load().finally(() => {
        this.loading = undefined;
      });
    }
    if (this.loadedAt === 0) await this.loading;
  }

  private async load(): Promise<void> {
    const rows = await this.repository.suggestionTerms();
    this.terms = rows.map((row) => {
      if (row.make === null) {
        const label = `${row.city}, ${row.state}`;
        return term({ type: 'location', value: row.zip, label }, row.count);
      }
      if (row.model === null) return term({ type: 'make', value: row.make, label: row.make }, row.count);
      return term(
        { type: 'model', value: row.model, label: `${row.make} ${row.model}`, make: row.make },
        row.count,
      );
    });
    this.loadedAt = this.now();
  }
}
