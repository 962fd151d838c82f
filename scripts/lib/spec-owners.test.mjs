// `npm test -w <package>` runs the specs its team owns; the full `npm test` runs every spec once. The
// two agree only if every spec has exactly one owner and every listed spec exists.
import { describe, expect, it } from '@jest/globals';
import { remoteShorts } from './server.mjs';
import { allSpecs, remoteSpecs, specsOf } from './spec-owners.mjs';

const owners = ['shell', ...remoteShorts];

describe('e2e spec owners', () => {
  it('gives every spec of the suite exactly one owning package', () => {
    const runs = owners.flatMap((owner) => specsOf(owner));
    expect([...runs].sort()).toEqual(allSpecs());
  });

  it('lists only specs that exist, for every remote and no other', () => {
    expect(Object.keys(remoteSpecs).sort()).toEqual([...remoteShorts].sort());
    for (const specs of Object.values(remoteSpecs)) expect(allSpecs()).toEqual(expect.arrayContaining(specs));
  });

  it('leaves the site-wide specs to the shell', () => {
    expect(specsOf('shell')).toEqual(expect.arrayContaining(['deploy-registry.spec.ts', 'home.spec.ts']));
    expect(specsOf('search')).not.toContain('home.spec.ts');
  });
});
