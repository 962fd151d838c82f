import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TRANSMISSIONS } from '@carmarket/shared/constants';
import { describe, expect, it } from 'vitest';
import { CatalogueRepository, type CatalogueFile } from './catalogue.repository.js';

const repository = new CatalogueRepository();
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the bundled catalogue', () => {
  it('covers model years 1992 to 2027', () => {
    expect(repository.minYear).toBe(1992);
    expect(repository.maxYear).toBe(2027);
    for (let year = 1992; year <= 2027; year++) {
      expect(repository.makes().filter((make) => make.years.has(year)).length).toBeGreaterThan(25);
    }
  });

  it('has unique, URL-safe ids', () => {
    const makeIds = repository.makes().map((make) => make.makeId);
    expect(new Set(makeIds).size).toBe(makeIds.length);
    for (const make of repository.makes()) {
      expect(make.makeId).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const modelIds = make.models.map((model) => model.modelId);
      expect(new Set(modelIds).size).toBe(modelIds.length);
      for (const id of modelIds) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('gives every trim a known transmission, and trims only to years the model was sold', () => {
    for (const make of repository.makes()) {
      for (const model of make.models) {
        for (const group of model.trimGroups) {
          for (const year of group.years) expect(model.years.has(year)).toBe(true);
          for (const trim of group.trims) {
            expect(TRANSMISSIONS).toContain(trim.transmission);
            expect(trim.trim).not.toBe('');
          }
        }
      }
    }
  });

  // A Node process of its own that reads and parses every source: on a busy machine it takes longer
  // than the suite's usual 20 s.
  it('is the output of the build script for the current sources', async () => {
    const script = path.join(apiRoot, 'scripts', 'build-catalogue.mjs');
    await expect(promisify(execFile)(process.execPath, [script, '--check'])).resolves.toBeDefined();
  }, 60_000);
});

describe('CatalogueRepository', () => {
  const file: CatalogueFile = {
    minYear: 2000,
    maxYear: 2002,
    makes: [
      {
        make: 'Zeta',
        makeId: 'zeta',
        models: [{ model: 'Two', modelId: 'two', years: '2000' }],
      },
      {
        make: 'Alpha',
        makeId: 'alpha',
        models: [
          {
            model: 'Roadster',
            modelId: 'roadster',
            years: '2000,2002',
            trims: [
              { years: '2002', list: ['Sport|2.0L I4|manual'] },
              { years: '2000', list: ['Base||automatic'] },
            ],
          },
          { model: 'Coupe', modelId: 'coupe', years: '2000-2001' },
        ],
      },
    ],
  };
  const small = new CatalogueRepository(file);

  it('sorts makes and models by name', () => {
    expect(small.makes().map((make) => make.make)).toEqual(['Alpha', 'Zeta']);
    expect(small.findMake('alpha')?.models.map((model) => model.model)).toEqual(['Coupe', 'Roadster']);
  });

  it('reads year ranges and trims, leaving out an unknown engine size', () => {
    const roadster = small.findMake('ALPHA')?.modelsByKey.get('roadster');
    expect([...roadster!.years]).toEqual([2000, 2002]);
    expect(roadster!.trimGroups.map((group) => [...group.years])).toEqual([[2000], [2002]]);
    expect(roadster!.trimGroups[0]!.trims).toEqual([{ trim: 'Base', transmission: 'automatic' }]);
    expect([...small.findMake('alpha')!.years].sort()).toEqual([2000, 2001, 2002]);
  });

  it('finds makes by name or id, ignoring case and spaces around', () => {
    expect(small.findMake(' Zeta ')?.makeId).toBe('zeta');
    expect(small.findMake('nope')).toBeUndefined();
  });
});
