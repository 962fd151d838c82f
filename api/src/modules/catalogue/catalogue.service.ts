import { YEAR_MIN, maxModelYear } from '@carmarket/shared/constants';
import type { CatalogueMake, CatalogueModel } from '@carmarket/shared/contracts';
import { BadRequestError } from '../../http/errors.js';
import {
  CatalogueRepository,
  type MakeRecord,
  type ModelRecord,
  type TrimEntry,
} from './catalogue.repository.js';

/** A model year, or 'all' for every year (spec §7). */
export type CatalogueYear = number | 'all';

export interface CatalogueSearchResult {
  type: 'make' | 'model';
  make: string;
  makeId: string;
  model?: string;
  modelId?: string;
  /** "Honda" or "Honda Civic". */
  label: string;
}

export const SEARCH_RESULTS_MAX = 20;

interface SearchEntry extends CatalogueSearchResult {
  /** The name and the label without spaces or punctuation: "f150", "fordf150". */
  compactName: string;
  compactLabel: string;
  /** Every word of the label, alone and joined with its hyphenated parts: "ford", "f", "150", "f150". */
  words: string[];
  /** The words of the make alone. */
  makeWords: string[];
}

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function wordsOf(label: string): string[] {
  const words = new Set<string>();
  for (const word of label.toLowerCase().split(/\s+/)) {
    words.add(compact(word));
    for (const part of word.split(/[^a-z0-9]+/)) words.add(part);
  }
  words.delete('');
  return [...words];
}

/**
 * True when the text is the start of the make's name (or of its words) followed by the start of
 * the model's name: "mercedes c" for "Mercedes-Benz C-Class".
 */
function startsAfterMake(entry: SearchEntry, tokens: string[]): boolean {
  for (let split = 1; split < tokens.length; split++) {
    const makePart = tokens.slice(0, split);
    if (!makePart.every((token) => entry.makeWords.some((word) => word.startsWith(token)))) return false;
    if (entry.compactName.startsWith(tokens.slice(split).join(''))) return true;
  }
  return false;
}

const byLabel = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/**
 * The vehicle catalogue of the listing wizard and the search filters: model years, makes, models
 * and trims, answered from the catalogue bundled with the API.
 */
export class CatalogueService {
  private searchEntries?: SearchEntry[];

  constructor(
    private readonly repository: CatalogueRepository = new CatalogueRepository(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Every model year a listing may have (spec: 1900 to next year), newest first. Years before the
   * catalogue's oldest have no makes: the wizard then asks the seller to type make and model.
   */
  years(): number[] {
    const years: number[] = [];
    for (let year = maxModelYear(this.now()); year >= YEAR_MIN; year--) years.push(year);
    return years;
  }

  /**
   * Reads a year parameter: 'all' or a year of years(). Anything else is a 400, so a client
   * learns about a typo instead of receiving an empty list.
   */
  parseYear(value: string | number): CatalogueYear {
    const text = String(value).trim().toLowerCase();
    if (text === 'all') return 'all';
    const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
    const newest = maxModelYear(this.now());
    if (!(year >= YEAR_MIN && year <= newest)) {
      throw new BadRequestError(
        `Year must be 'all' or a model year from ${YEAR_MIN} to ${newest}`,
        'INVALID_YEAR',
        { year: 'Unknown model year' },
      );
    }
    return year;
  }

  /** Makes with at least one model in the year, sorted by name. */
  makes(year: string | number): CatalogueMake[] {
    const wanted = this.dataYear(this.parseYear(year));
    return this.repository
      .makes()
      .filter((make) => wanted === 'all' || make.years.has(wanted))
      .map(({ make, makeId }) => ({ make, makeId }));
  }

  /** The make's models in the year, sorted by name; the make is its name or id, in any case. */
  models(year: string | number, make: string): CatalogueModel[] {
    const wanted = this.dataYear(this.parseYear(year));
    const record = this.repository.findMake(make);
    if (!record) return [];
    return record.models
      .filter((model) => wanted === 'all' || model.years.has(wanted))
      .map(({ model, modelId }) => ({ model, modelId }));
  }

  /**
   * The model's trims in the year, in the manufacturer's order (entry level first), or an empty
   * list when none are known. For 'all', the trims of every year, a name that recurs taking its
   * newest engine and transmission.
   */
  trims(year: string | number, make: string, model: string): TrimEntry[] {
    const wanted = this.dataYear(this.parseYear(year));
    const record = this.findModel(make, model);
    if (!record) return [];
    if (wanted !== 'all') {
      if (!record.years.has(wanted)) return [];
      return [...(record.trimGroups.find((group) => group.years.has(wanted))?.trims ?? [])];
    }
    const seen = new Set<string>();
    const trims: TrimEntry[] = [];
    for (const group of [...record.trimGroups].reverse()) {
      for (const trim of group.trims) {
        const key = trim.trim.toLowerCase();
        if (!seen.has(key)) {
          seen.add(key);
          trims.push(trim);
        }
      }
    }
    return trims;
  }

  /**
   * Makes and models matching the text, best first: the whole name ("f150" finds the F-150), the
   * start of the name or of "make model" ("civ", "honda ci"), then every word of the text starting
   * a word of "make model" ("cruiser land"). Case and punctuation are ignored.
   */
  search(text: string): CatalogueSearchResult[] {
    const query = compact(text);
    if (!query) return [];
    const tokens = wordsOf(text);
    const ranked: { rank: number; entry: SearchEntry }[] = [];
    for (const entry of this.searchIndex()) {
      let rank: number | undefined;
      if (entry.compactName === query || entry.compactLabel === query) rank = 0;
      else if (entry.compactName.startsWith(query) || entry.compactLabel.startsWith(query)) rank = 1;
      else if (entry.type === 'model' && startsAfterMake(entry, tokens)) rank = 1;
      else if (tokens.length && tokens.every((token) => entry.words.some((word) => word.startsWith(token)))) {
        rank = 2;
      }
      if (rank !== undefined) ranked.push({ rank, entry });
    }
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(a.entry.type === 'model') - Number(b.entry.type === 'model') ||
        byLabel(a.entry.label, b.entry.label),
    );
    return ranked.slice(0, SEARCH_RESULTS_MAX).map(({ entry }) => {
      const { type, make, makeId, model, modelId, label } = entry;
      return type === 'make' ? { type, make, makeId, label } : { type, make, makeId, model, modelId, label };
    });
  }

  /** The make's model by name or id, in any case. */
  private findModel(make: string, model: string): ModelRecord | undefined {
    return this.repository.findMake(make)?.modelsByKey.get(model.trim().toLowerCase());
  }

  /**
   * A model year newer than the data (the calendar has turned since the catalogue was last
   * rebuilt) is answered with the newest year's lineup: models on sale carry forward, the rule
   * the curated data follows too.
   */
  private dataYear(year: CatalogueYear): CatalogueYear {
    return year === 'all' ? year : Math.min(year, this.repository.maxYear);
  }

  private searchIndex(): SearchEntry[] {
    this.searchEntries ??= this.repository.makes().flatMap((make: MakeRecord) => [
      {
        type: 'make' as const,
        make: make.make,
        makeId: make.makeId,
        label: make.make,
        compactName: compact(make.make),
        compactLabel: compact(make.make),
        words: wordsOf(make.make),
        makeWords: wordsOf(make.make),
      },
      ...make.models.map((model) => {
        const label = `${make.make} ${model.model}`;
        return {
          type: 'model' as const,
          make: make.make,
          makeId: make.makeId,
          model: model.model,
          modelId: model.modelId,
          label,
          compactName: compact(model.model),
          compactLabel: compact(label),
          words: wordsOf(label),
          makeWords: wordsOf(make.make),
        };
      }),
    ]);
    return this.searchEntries;
  }
}

let shared: CatalogueService | undefined;

/** The process-wide catalogue (routes, the seed, listing checks): its indexes are built once. */
export function catalogueService(): CatalogueService {
  shared ??= new CatalogueService();
  return shared;
}
