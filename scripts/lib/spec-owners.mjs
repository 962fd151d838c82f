// Which package's team owns each end-to-end spec (`e2e/tests/<file>`): `npm test -w <package>` runs
// that package's own specs, a remote's against the production site with only that remote swapped
// (docs/architecture.md, "Each remote stands alone"). A spec not listed here belongs to the shell
// (layout, sign-in, routing, deployment, the pages the shell renders itself), so every spec has
// exactly one owner and the full `npm test` still runs each of them once.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build.mjs';

/** Remote short name → the specs its team owns. */
export const remoteSpecs = {
  search: ['search.spec.ts', 'search-features.spec.ts'],
  listings: ['listing.spec.ts', 'listing-layout.spec.ts', 'deal-rating.spec.ts'],
  seller: ['seller.spec.ts', 'vin.spec.ts'],
  messaging: ['messaging.spec.ts'],
  account: [
    'account.spec.ts',
    'listing-renewal.spec.ts',
    'profile.spec.ts',
    'dealer.spec.ts',
    'moderation.spec.ts',
  ],
};

export const e2eTestsDir = path.join(repoRoot, 'e2e', 'tests');

/** Every spec file of the suite. */
export function allSpecs() {
  return readdirSync(e2eTestsDir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort();
}

/** The specs of `owner`: a remote's short name, or 'shell' for every spec no remote owns. */
export function specsOf(owner) {
  if (owner !== 'shell') {
    const specs = remoteSpecs[owner];
    if (!specs) throw new Error(`no remote is called ${owner}`);
    return specs;
  }
  const ownedByRemotes = new Set(Object.values(remoteSpecs).flat());
  return allSpecs().filter((name) => !ownedByRemotes.has(name));
}
