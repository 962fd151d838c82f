import type { Transmission } from '@carmarket/shared/constants';
import type { CatalogueTrim } from '@carmarket/shared/contracts';
import bundled from './catalogue.generated.json' with { type: 'json' };

/** The shape of catalogue.generated.json (written by api/scripts/build-catalogue.mjs). */
export interface CatalogueFile {
  minYear: number;
  maxYear: number;
  makes: {
    make: string;
    makeId: string;
    models: {
      model: string;
      modelId: string;
      /** Model years as ranges: "1992-1999,2004,2006-2027". */
      years: string;
      /** Trims per range of model years, each "trim|engine size|transmission". */
      trims?: { years: string; list: string[] }[];
    }[];
  }[];
}

/** A trim as the API sends it; the catalogue only holds the transmissions listings accept. */
export interface TrimEntry extends CatalogueTrim {
  transmission: Transmission;
}

export interface TrimGroup {
  years: ReadonlySet<number>;
  trims: readonly TrimEntry[];
}

export interface ModelRecord {
  model: string;
  modelId: string;
  years: ReadonlySet<number>;
  /** Oldest range first. */
  trimGroups: readonly TrimGroup[];
}

export interface MakeRecord {
  make: string;
  makeId: string;
  years: ReadonlySet<number>;
  /** Sorted by name. */
  models: readonly ModelRecord[];
  /** By lower-cased name and by id. */
  modelsByKey: ReadonlyMap<string, ModelRecord>;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

function parseYears(ranges: string): Set<number> {
  const years = new Set<number>();
  for (const part of ranges.split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    for (let year = from!; year <= to!; year++) years.add(year);
  }
  return years;
}

function parseTrim(entry: string): TrimEntry {
  const [trim = '', engineSize, transmission] = entry.split('|');
  return engineSize
    ? { trim, engineSize, transmission: transmission as Transmission }
    : { trim, transmission: transmission as Transmission };
}

/**
 * Read access to the bundled vehicle catalogue. The file is parsed when the module loads; the
 * lookup structures are built on first use and kept for the life of the process.
 */
export class CatalogueRepository {
  private indexed?: { makes: MakeRecord[]; makesByKey: Map<string, MakeRecord> };

  constructor(private readonly file: CatalogueFile = bundled as CatalogueFile) {}

  get minYear(): number {
    return this.file.minYear;
  }

  /** The newest model year the data covers. */
  get maxYear(): number {
    return this.file.maxYear;
  }

  /** Every make, sorted by name. */
  makes(): readonly MakeRecord[] {
    return this.index().makes;
  }

  /** A make by its name or id, ignoring case. */
  findMake(nameOrId: string): MakeRecord | undefined {
    return this.index().makesByKey.get(nameOrId.trim().toLowerCase());
  }

  private index() {
    this.indexed ??= this.build();
    return this.indexed;
  }

  private build() {
    const makes = this.file.makes.map((entry): MakeRecord => {
      const models = entry.models.map((model): ModelRecord => ({
        model: model.model,
        modelId: model.modelId,
        years: parseYears(model.years),
        trimGroups: (model.trims ?? [])
          .map((group) => ({ years: parseYears(group.years), trims: group.list.map(parseTrim) }))
          .sort((a, b) => Math.min(...a.years) - Math.min(...b.years)),
      }));
      models.sort((a, b) => byName(a.model, b.model));
      const modelsByKey = new Map<string, ModelRecord>();
      for (const model of models) {
        modelsByKey.set(model.model.toLowerCase(), model);
        modelsByKey.set(model.modelId, model);
      }
      const years = new Set(models.flatMap((model) => [...model.years]));
      return { make: entry.make, makeId: entry.makeId, years, models, modelsByKey };
    });
    makes.sort((a, b) => byName(a.make, b.make));
    const makesByKey = new Map<string, MakeRecord>();
    for (const make of makes) {
      makesByKey.set(make.make.toLowerCase(), make);
      makesByKey.set(make.makeId, make);
    }
    return { makes, makesByKey };
  }
}
