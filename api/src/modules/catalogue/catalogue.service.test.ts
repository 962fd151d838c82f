import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { CatalogueRepository } from './catalogue.repository.js';
import { CatalogueService } from './catalogue.service.js';

// The bundled catalogue, seen on a fixed day so the year range does not move under the tests.
const TODAY = new Date(2026, 10, 22);
const catalogue = new CatalogueService(new CatalogueRepository(), () => TODAY);

const names = (list: { make?: string; model?: string; trim?: string }[]) =>
  list.map((item) => item.trim ?? item.model ?? item.make);

function expectBadYear(call: () => unknown) {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AppError);
  expect(thrown).toMatchObject({ statusCode: 400, code: 'INVALID_YEAR' });
}

describe('years', () => {
  it('runs from next year down to 1900 (spec), newest first', () => {
    const years = catalogue.years();
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(2027 - 1900 + 1);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });

  it('moves with the calendar', () => {
    const later = new CatalogueService(new CatalogueRepository(), () => new Date(2028, 0, 1));
    expect(later.years()[0]).toBe(2029);
  });
});

describe('parseYear', () => {
  it.each([
    ['all', 'all'],
    ['ALL', 'all'],
    ['2015', 2015],
    [' 1992 ', 1992],
    ['1965', 1965],
    [2027, 2027],
  ])('reads %p', (value, expected) => {
    expect(catalogue.parseYear(value)).toBe(expected);
  });

  it.each(['1899', '2028', 'abc', '', '20155', '2015.5', '-2015', 'every'])(
    'rejects %p with a 400',
    (value) => {
      expectBadYear(() => catalogue.parseYear(value));
    },
  );
});

describe('makes', () => {
  it('has none for a year older than the catalogue, so the seller types them', () => {
    expect(catalogue.makes(1965)).toEqual([]);
    expect(catalogue.models(1965, 'Ford')).toEqual([]);
  });

  it('lists the makes of a year, sorted, with stable ids', () => {
    const makes = catalogue.makes(2015);
    expect(makes).toContainEqual({ make: 'Honda', makeId: 'honda' });
    expect(makes).toContainEqual({ make: 'Land Rover', makeId: 'land-rover' });
    expect(makes).toContainEqual({ make: 'Mercedes-Benz', makeId: 'mercedes-benz' });
    expect(names(makes)).not.toContain('Pontiac');
    const sorted = [...names(makes)].sort((a, b) => a!.localeCompare(b!, 'en', { sensitivity: 'base' }));
    expect(names(makes)).toEqual(sorted);
  });

  it('writes makes as the brands do', () => {
    const makes = names(catalogue.makes('all'));
    expect(makes).toEqual(expect.arrayContaining(['Mazda', 'INFINITI', 'MINI', 'FIAT', 'smart', 'Hummer']));
    expect(makes).not.toContain('MAZDA');
    expect(makes).not.toContain('HUMMER');
  });

  it('covers the recent years, new makes included', () => {
    for (const year of [2021, 2024, 2026, 2027]) {
      expect(names(catalogue.makes(year))).toEqual(
        expect.arrayContaining(['Chevrolet', 'Ford', 'Honda', 'Hyundai', 'Kia', 'Nissan', 'Tesla', 'Toyota']),
      );
    }
    expect(names(catalogue.makes(2024))).toEqual(expect.arrayContaining(['Rivian', 'Lucid', 'Polestar']));
  });

  it("lists every make for 'all'", () => {
    const all = names(catalogue.makes('all'));
    expect(all).toEqual(expect.arrayContaining(['Pontiac', 'Oldsmobile', 'Rivian', 'Toyota']));
    expect(all.length).toBeGreaterThan(60);
  });

  it('answers a year newer than the data with the newest lineup', () => {
    const later = new CatalogueService(new CatalogueRepository(), () => new Date(2027, 5, 1));
    expect(later.makes(2028)).toEqual(later.makes(2027));
  });

  it('rejects an unknown year', () => {
    expectBadYear(() => catalogue.makes(1899));
    expectBadYear(() => catalogue.makes('latest'));
  });
});

describe('models', () => {
  it("lists a make's models of the year, sorted", () => {
    const models = catalogue.models(2015, 'Honda');
    expect(names(models)).toEqual(expect.arrayContaining(['Accord', 'Civic', 'CR-V', 'Odyssey', 'Pilot']));
    expect(models).toContainEqual({ model: 'CR-V', modelId: 'cr-v' });
    expect(names(models)).not.toContain('Prologue');
  });

  it('finds the make by name or id in any case', () => {
    const expected = catalogue.models(2015, 'Honda');
    expect(catalogue.models('2015', 'honda')).toEqual(expected);
    expect(catalogue.models(2015, 'HONDA')).toEqual(expected);
    expect(catalogue.models(2015, 'land-rover')).toEqual(catalogue.models(2015, 'Land Rover'));
  });

  it('carries current models forward and drops discontinued ones', () => {
    const toyota2026 = names(catalogue.models(2026, 'Toyota'));
    expect(toyota2026).toEqual(
      expect.arrayContaining(['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Grand Highlander']),
    );
    expect(toyota2026).not.toContain('Avalon');
    expect(names(catalogue.models(2024, 'Chevrolet'))).toEqual(
      expect.arrayContaining(['Equinox EV', 'Silverado 1500', 'Trax']),
    );
    expect(names(catalogue.models(2023, 'Chevrolet'))).not.toContain('Trax');
    expect(names(catalogue.models(2027, 'Tesla'))).toEqual([
      'Cybertruck',
      'Model 3',
      'Model S',
      'Model X',
      'Model Y',
    ]);
  });

  it('names a model once, not once per cab or body', () => {
    const ford2019 = names(catalogue.models(2019, 'Ford'));
    expect(ford2019).toEqual(expect.arrayContaining(['F-150', 'F-250 Super Duty', 'Ranger', 'Transit']));
    expect(ford2019.filter((model) => /Cab|Crew|Cargo|Passenger/.test(model!))).toEqual([]);
    expect(names(catalogue.models(2019, 'Mazda'))).toEqual(expect.arrayContaining(['Mazda3', 'MX-5 Miata']));
    expect(names(catalogue.models(2005, 'Saab'))).toEqual(expect.arrayContaining(['9-3', '9-5']));
  });

  it('gives an empty list for an unknown make', () => {
    expect(catalogue.models(2015, 'Zastava')).toEqual([]);
    expect(catalogue.models('all', 'Zastava')).toEqual([]);
  });

  it("lists every model of the make for 'all'", () => {
    const all = names(catalogue.models('all', 'honda'));
    expect(all).toEqual(expect.arrayContaining(['Prelude', 'Civic', 'Prologue']));
  });
});

describe('trims', () => {
  it('gives trims with engine and transmission', () => {
    const camry = catalogue.trims(2024, 'Toyota', 'Camry');
    expect(camry).toContainEqual({ trim: 'LE', engineSize: '2.5L I4', transmission: 'automatic' });
    expect(names(camry)).toEqual(expect.arrayContaining(['SE', 'XLE', 'XSE']));
    expect(catalogue.trims(2025, 'toyota', 'camry')).toContainEqual({
      trim: 'LE',
      engineSize: '2.5L I4 Hybrid',
      transmission: 'cvt',
    });
  });

  it('covers common models across generations', () => {
    expect(names(catalogue.trims(2019, 'Honda', 'Civic'))).toEqual([
      'LX',
      'Sport',
      'EX',
      'EX-L',
      'Touring',
      'Si',
    ]);
    expect(names(catalogue.trims(2012, 'honda', 'civic'))).toContain('HF');
    expect(names(catalogue.trims(2021, 'ford', 'f-150'))).toEqual(
      expect.arrayContaining(['XL', 'XLT', 'Lariat', 'King Ranch', 'Platinum', 'Raptor']),
    );
    expect(catalogue.trims(2023, 'Tesla', 'Model Y')).toContainEqual({
      trim: 'Long Range',
      engineSize: 'Electric',
      transmission: 'automatic',
    });
  });

  it('finds the model by name or id in any case', () => {
    expect(catalogue.trims(2020, 'mazda', 'mx-5-miata')).toEqual(
      catalogue.trims(2020, 'Mazda', 'MX-5 Miata'),
    );
  });

  it('gives an empty list when nothing is known', () => {
    expect(catalogue.trims(2004, 'Pontiac', 'Aztek')).toEqual([]);
    expect(catalogue.trims(2015, 'Honda', 'Prologue')).toEqual([]);
    expect(catalogue.trims(2015, 'Honda', 'Nope')).toEqual([]);
    expect(catalogue.trims(2015, 'Nope', 'Civic')).toEqual([]);
  });

  it("merges every year's trims for 'all', newest engine first", () => {
    const civic = catalogue.trims('all', 'Honda', 'Civic');
    const trimNames = names(civic);
    expect(new Set(trimNames).size).toBe(trimNames.length);
    expect(trimNames).toEqual(expect.arrayContaining(['DX', 'LX', 'Si', 'Sport Hybrid']));
    expect(civic.find((trim) => trim.trim === 'LX')).toEqual({
      trim: 'LX',
      engineSize: '2.0L I4',
      transmission: 'cvt',
    });
  });

  it('rejects an unknown year', () => {
    expectBadYear(() => catalogue.trims('2030', 'Honda', 'Civic'));
  });
});

describe('search', () => {
  it('finds a model from the start of its name', () => {
    const results = catalogue.search('civ');
    expect(results[0]).toEqual({
      type: 'model',
      make: 'Honda',
      makeId: 'honda',
      model: 'Civic',
      modelId: 'civic',
      label: 'Honda Civic',
    });
    expect(catalogue.search('CIV')).toEqual(results);
  });

  it('finds makes, makes first', () => {
    const results = catalogue.search('ford');
    expect(results[0]).toEqual({ type: 'make', make: 'Ford', makeId: 'ford', label: 'Ford' });
    expect(results.slice(1).every((result) => result.type === 'model' && result.make === 'Ford')).toBe(true);
  });

  it('matches "make model", words in any order and punctuation loosely', () => {
    expect(catalogue.search('honda ci')[0]?.label).toBe('Honda Civic');
    expect(catalogue.search('f150')[0]?.label).toBe('Ford F-150');
    expect(catalogue.search('crv')[0]?.label).toBe('Honda CR-V');
    expect(catalogue.search('cruiser land').map((result) => result.label)).toContain('Toyota Land Cruiser');
    expect(catalogue.search('rover').map((result) => result.label)).toContain('Land Rover');
    expect(catalogue.search('mercedes c')[0]?.label).toBe('Mercedes-Benz C-Class');
  });

  it('returns at most 20 results', () => {
    expect(catalogue.search('s')).toHaveLength(20);
  });

  it('returns nothing for text that matches nothing', () => {
    expect(catalogue.search('zzzz')).toEqual([]);
    expect(catalogue.search(' - ')).toEqual([]);
  });
});
