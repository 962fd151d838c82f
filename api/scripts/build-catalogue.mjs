// Builds the vehicle catalogue the API ships with (src/modules/catalogue/catalogue.generated.json)
// from two sources, both in the repository or its dependencies, so nothing is fetched at run time:
//   - the `list-of-cars` package (CC0-1.0): year / make / model for model years 1992–2020;
//   - src/modules/catalogue/catalogue.curated.json: the hand-compiled lineups for the recent model
//     years and the trims (see the README beside it for its sources).
//
//   node api/scripts/build-catalogue.mjs          writes the generated file
//   node api/scripts/build-catalogue.mjs --check  fails when the committed file is out of date
//
// The output is deterministic (sorted, no timestamps) and formatted with the repository's Prettier
// settings, so rebuilding without changes gives a byte-identical file.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalogueDir = path.join(apiRoot, 'src', 'modules', 'catalogue');
const curatedPath = path.join(catalogueDir, 'catalogue.curated.json');
const outputPath = path.join(catalogueDir, 'catalogue.generated.json');

const FIRST_YEAR = 1992;
const TRANSMISSIONS = new Set(['automatic', 'manual', 'cvt']);

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

// Makes are shown as the brands write them in running text. All-capitals that are only
// typography become title case (MAZDA, HUMMER); names the brand itself spells in capitals or lower
// case as its trademark stay as they are (INFINITI, MINI, FIAT, smart).
const MAKE_NAMES = { MAZDA: 'Mazda', HUMMER: 'Hummer' };

// Whole-name corrections, applied before the general rules. Keys are `${make}|${model}` with the
// make already normalised.
const MODEL_RENAMES = {
  // The source was round-tripped through a spreadsheet that read "9-3" and "9-5" as dates.
  'Saab|3-Sep': '9-3',
  'Saab|5-Sep': '9-5',
  // Compact pickups listed only by their cab: the model they belong to.
  'Nissan|Regular Cab': 'Hardbody',
  'Nissan|King Cab': 'Hardbody',
  'Toyota|Regular Cab': 'Pickup',
  'Toyota|Xtra Cab': 'Pickup',
  'Isuzu|Regular Cab': 'Pickup',
  'Isuzu|Spacecab': 'Pickup',
  // The minivan, not the Lumina sedan.
  'Chevrolet|APV Cargo': 'Lumina APV',
  'Chevrolet|Lumina Cargo': 'Lumina APV',
  'Chevrolet|Lumina Passenger': 'Lumina APV',
  'Chevrolet|Suburban 1500': 'Suburban',
  'Chevrolet|TrailBlazer': 'Trailblazer',
  'GMC|Yukon XL 1500': 'Yukon XL',
  'GMC|Yukon Denali': 'Yukon',
  'Volkswagen|GTI': 'Golf GTI',
  'Volkswagen|GLI': 'Jetta GLI',
  'Volkswagen|Golf III': 'Golf',
  'Volkswagen|Jetta III': 'Jetta',
  'Volkswagen|Touareg 2': 'Touareg',
  'Audi|A5 Sport': 'A5',
  'Suzuki|XL-7': 'XL7',
  'Land Rover|Defender 90': 'Defender',
  'Land Rover|Defender 110': 'Defender',
  'Land Rover|Discovery Series II': 'Discovery',
  'Mercedes-Benz|Mercedes-Maybach S 600': 'Mercedes-Maybach S-Class',
  'Ram|C/V Tradesman': 'C/V',
  // Stylised capitals of ordinary words, written as in running text like every other model.
  'Nissan|TITAN': 'Titan',
  'Nissan|TITAN XD': 'Titan XD',
  'Nissan|JUKE': 'Juke',
  'Nissan|LEAF': 'Leaf',
  'Nissan|cube': 'Cube',
  'Hyundai|NEXO': 'Nexo',
  'Jaguar|E-PACE': 'E-Pace',
  'Jaguar|F-PACE': 'F-Pace',
  'Jaguar|I-PACE': 'I-Pace',
  'Jaguar|F-TYPE': 'F-Type',
};

// The source lists pickups and vans once per cab or body configuration ("F150 SuperCrew Cab",
// "Express 2500 Cargo"); a listing records the model, so those collapse into one model.
const BODY_SUFFIX =
  / (?:(?:Regular|Extended|Crew|Double|Quad|Mega|Club(?: Coupe)?|King|Single|Super|SuperCrew|Access|Macro) Cab|Club Coupe|SuperCab|SuperCrew|CrewMax|Xtracab|Spacecab|Cab Plus|Crew|(?:Cargo|Passenger|Window)(?: Van)?)$/;

/** @param {string} make @param {string} model */
function normaliseModel(make, model) {
  let name = model.trim().replace(/\s+/g, ' ');
  // Mid-year and "new generation" markers are the same model.
  name = name.replace(/ \((?:New|\d{4}\.5)\)/, '');
  name = MODEL_RENAMES[`${make}|${name}`] ?? name;
  name = name.replace(BODY_SUFFIX, '');
  // "Silverado (Classic) 1500" → "Silverado 1500 Classic", "Malibu (Classic)" → "Malibu Classic".
  name = name.replace(/^(\S+) \((Classic|Heritage)\)(.*)$/, '$1$3 $2');
  name = MODEL_RENAMES[`${make}|${name}`] ?? name;

  if (make === 'Ford') {
    name = name.replace(/^Econoline (E\d{3})/, '$1').replace(/^([EF])(\d{3})\b/, '$1-$2');
    if (/^Transit \d{3}/.test(name)) name = 'Transit';
  }
  if (/^Sprinter\b/.test(name)) name = 'Sprinter';
  if (/^Metris\b/.test(name)) name = 'Metris';
  if (/^ProMaster(?! City)/.test(name)) name = 'ProMaster';
  if (make === 'Dodge') name = name.replace(/^Ram (Van|Wagon) B(\d)50$/, 'Ram $1 $2500');
  if (make === 'GMC') name = name.replace(/^(Rally Wagon|Vandura) G(\d)500$/, '$1 $2500');
  if (make === 'Chevrolet') {
    name = name.replace(/^(G-Series|Sportvan) G([123])0$/, (_, series, size) => `${series} ${size}500`);
  }
  // Until 2000 the base list names the full-size pickups by payload only.
  if (/^[123]500(?: HD)?$/.test(name)) {
    if (make === 'Chevrolet') name = `C/K ${name}`;
    if (make === 'GMC') name = `Sierra ${name}`;
  }
  if (make === 'Mazda') name = name.replace(/^MAZDA/, 'Mazda');
  if (make === 'Mercedes-Benz') name = name.replace(/^(CLA|GLA|CLS|SL|SLK)-Class$/, '$1');
  return name;
}

/** A stable URL slug: 'Mercedes-Benz' → 'mercedes-benz', 'Town & Country' → 'town-and-country'. */
function slugify(name) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---------------------------------------------------------------------------------------------
// Year ranges: "1992-1999,2004,2006-2027"
// ---------------------------------------------------------------------------------------------

/** The years of a range list; a malformed list is reported in `errors` and gives no years. */
function parseYears(spec, where, errors) {
  const years = new Set();
  for (const part of String(spec).split(',')) {
    const match = /^\s*(\d{4})(?:\s*-\s*(\d{4}))?\s*$/.exec(part);
    const from = Number(match?.[1]);
    const to = Number(match?.[2] ?? match?.[1]);
    if (!match || from > to || from < FIRST_YEAR) {
      errors.push(`${where}: bad year range "${spec}"`);
      return new Set();
    }
    for (let year = from; year <= to; year++) years.add(year);
  }
  return years;
}

function formatYears(years) {
  const sorted = [...years].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    const from = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(from === sorted[i] ? String(from) : `${from}-${sorted[i]}`);
  }
  return parts.join(',');
}

// ---------------------------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------------------------

const byName = (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

function build() {
  const errors = [];
  /** @type {Map<string, Map<string, {years: Set<number>, trims: {years: Set<number>, list: string[]}[]}>>} */
  const makes = new Map();
  const modelOf = (make, model) => {
    if (!makes.has(make)) makes.set(make, new Map());
    const models = makes.get(make);
    if (!models.has(model)) models.set(model, { years: new Set(), trims: [] });
    return models.get(model);
  };

  const base = require('list-of-cars').getListSync();
  for (const row of base) {
    const make = MAKE_NAMES[row.Make] ?? row.Make;
    modelOf(make, normaliseModel(make, String(row.Model))).years.add(Number(row.Year));
  }

  const curated = Object.entries(JSON.parse(readFileSync(curatedPath, 'utf8')).makes).map(([make, entry]) => [
    MAKE_NAMES[make] ?? make,
    entry,
  ]);
  for (const [make, entry] of curated) {
    for (const [model, spec] of Object.entries(entry.models ?? {})) {
      for (const year of parseYears(spec, `${make} ${model}`, errors)) modelOf(make, model).years.add(year);
    }
  }
  // One model under two spellings ("F150" and "F-150") would split its listings: refuse.
  for (const [make, models] of makes) {
    const seen = new Map();
    for (const model of models.keys()) {
      const key = model.toLowerCase().replace(/[^a-z0-9]/g, '');
      if (seen.has(key)) errors.push(`${make}: "${model}" and "${seen.get(key)}" look like one model`);
      seen.set(key, model);
    }
  }
  for (const [make, entry] of curated) {
    for (const [model, groups] of Object.entries(entry.trims ?? {})) {
      const target = makes.get(make)?.get(model);
      if (!target) {
        errors.push(`trims for unknown model ${make} ${model}`);
        continue;
      }
      for (const [spec, list] of Object.entries(groups)) {
        const where = `${make} ${model} ${spec}`;
        const years = parseYears(spec, where, errors);
        const outside = [...years].filter((year) => !target.years.has(year));
        if (outside.length) errors.push(`${where}: the model has no model year ${outside.join(', ')}`);
        for (const other of target.trims) {
          if ([...years].some((year) => other.years.has(year)))
            errors.push(`${where}: overlapping trim ranges`);
        }
        const names = new Set();
        for (const item of list) {
          const [trim, engineSize, transmission, extra] = item.split('|');
          if (!trim || engineSize === undefined || !TRANSMISSIONS.has(transmission) || extra !== undefined) {
            errors.push(`${where}: malformed trim "${item}"`);
          }
          if (names.has(trim?.toLowerCase())) errors.push(`${where}: duplicate trim "${trim}"`);
          names.add(trim?.toLowerCase());
        }
        target.trims.push({ years, list });
      }
    }
  }

  let maxYear = FIRST_YEAR;
  const output = [];
  for (const make of [...makes.keys()].sort(byName)) {
    const models = makes.get(make);
    const slugs = new Map();
    const entries = [];
    for (const model of [...models.keys()].sort(byName)) {
      const { years, trims } = models.get(model);
      const modelId = slugify(model);
      if (slugs.has(modelId))
        errors.push(`${make}: "${model}" and "${slugs.get(modelId)}" share the id ${modelId}`);
      slugs.set(modelId, model);
      for (const year of years) maxYear = Math.max(maxYear, year);
      const entry = { model, modelId, years: formatYears(years) };
      if (trims.length) {
        entry.trims = trims
          .sort((a, b) => Math.min(...a.years) - Math.min(...b.years))
          .map((group) => ({ years: formatYears(group.years), list: group.list }));
      }
      entries.push(entry);
    }
    output.push({ make, makeId: slugify(make), models: entries });
  }
  const makeIds = new Map();
  for (const { make, makeId } of output) {
    if (makeIds.has(makeId))
      errors.push(`the makes "${make}" and "${makeIds.get(makeId)}" share the id ${makeId}`);
    makeIds.set(makeId, make);
  }

  if (errors.length) {
    console.error(`The catalogue sources have ${errors.length} problem(s):\n  ${errors.join('\n  ')}`);
    process.exit(1);
  }
  const listOfCarsVersion = require('list-of-cars/package.json').version;
  return {
    description:
      'Generated by api/scripts/build-catalogue.mjs; do not edit. Trims are "trim|engine size|transmission".',
    sources: [`list-of-cars ${listOfCarsVersion} (CC0-1.0)`, 'catalogue.curated.json'],
    minYear: FIRST_YEAR,
    maxYear,
    makes: output,
  };
}

async function main() {
  const catalogue = build();
  const options = (await prettier.resolveConfig(outputPath)) ?? {};
  const text = await prettier.format(JSON.stringify(catalogue), { ...options, filepath: outputPath });

  const models = catalogue.makes.flatMap((make) => make.models);
  const withTrims = models.filter((model) => model.trims);
  const trimRows = withTrims.reduce(
    (sum, model) => sum + model.trims.reduce((s, group) => s + group.list.length, 0),
    0,
  );
  const summary =
    `${catalogue.makes.length} makes, ${models.length} models, model years ${catalogue.minYear}–` +
    `${catalogue.maxYear}, ${withTrims.length} models with trims (${trimRows} trim entries), ` +
    `${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`;

  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(outputPath, 'utf8');
    } catch {
      // A missing file is simply out of date.
    }
    if (current !== text) {
      console.error(`${path.relative(process.cwd(), outputPath)} is out of date: run build-catalogue.mjs`);
      process.exit(1);
    }
    console.log(`catalogue up to date: ${summary}`);
    return;
  }
  writeFileSync(outputPath, text);
  console.log(`wrote ${path.relative(process.cwd(), outputPath)}: ${summary}`);
}

await main();
