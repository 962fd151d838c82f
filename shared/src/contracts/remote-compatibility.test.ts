import { describe, expect, it } from '@jest/globals';
import { remoteIncompatibilities, satisfies, type FederationManifest } from './remote-compatibility.js';

describe('satisfies', () => {
  it.each([
    ['1.4.2', '^1.2.0', true],
    ['1.1.9', '^1.2.0', false],
    ['2.0.0', '^1.2.0', false],
    ['0.2.5', '^0.2.1', true],
    ['0.3.0', '^0.2.1', false],
    ['19.3.1', '^19.0.0', true],
    ['18.3.1', '^19.0.0', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['5.0.0', '>=4.8.4', true],
    ['1.0.0', '1.0.0', true],
    ['1.0.1', '1.0.0', false],
    ['3.1.0', '^2.0.0 || ^3.0.0', true],
    ['1.0.0-beta.1', '^1.0.0', true],
    ['anything', '*', false],
    ['2.0.0', '*', true],
  ])('%s in %s → %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('remoteIncompatibilities', () => {
  const shell: FederationManifest = {
    name: 'shell',
    metaData: { pluginVersion: '2.9.2' },
    shared: [
      { name: '@carmarket/shared', version: '1.0.0' },
      { name: 'react', version: '19.3.1' },
    ],
  };

  it('accepts a remote whose needs the page meets, and ignores what the page does not share', () => {
    const remote: FederationManifest = {
      name: 'mfe_search',
      metaData: { pluginVersion: '2.9.0' },
      shared: [
        { name: '@carmarket/shared', version: '1.0.0', requiredVersion: '^1.0.0' },
        { name: 'react', version: '19.0.0', requiredVersion: '^19.0.0' },
        { name: 'date-fns', version: '4.0.0', requiredVersion: '^4.0.0' },
      ],
    };
    expect(remoteIncompatibilities(remote, shell)).toEqual([]);
  });

  it('names a newer shared contract and a newer federation runtime than the page has', () => {
    const remote: FederationManifest = {
      name: 'mfe_search',
      metaData: { pluginVersion: '2.10.0' },
      shared: [{ name: '@carmarket/shared', version: '1.1.0', requiredVersion: '^1.1.0' }],
    };
    expect(remoteIncompatibilities(remote, shell)).toEqual([
      'needs @carmarket/shared ^1.1.0, the site provides 1.0.0',
      'was built for the federation runtime ^2.10.0, the site runs 2.9.2',
    ]);
  });
});
