import { describe, expect, it } from '@jest/globals';
import { queryKeys } from './query-keys.js';
import { PAGE_REMOTES, REMOTE_SHORT_NAMES, remoteModuleId, remotes } from './remotes.js';
import { routeOfPath, routePatterns, routes } from './routes.js';

describe('routes', () => {
  it('builds the spec paths', () => {
    expect(routes.listing('abc')).toBe('/listing/abc');
    expect(routes.editListing('abc')).toBe('/edit-listing/abc');
    expect(routes.editListing('abc', 'photos')).toBe('/edit-listing/abc?tab=photos');
    expect(routes.conversation('c1')).toBe('/messages/c1');
    expect(routes.createListing).toBe('/create-listing');
  });

  it('escapes ids so a crafted id cannot change the path', () => {
    expect(routes.listing('../admin?x=1')).toBe('/listing/..%2Fadmin%3Fx%3D1');
  });

  it('has a react-router pattern for every route, matching the href builders', () => {
    expect(Object.keys(routePatterns).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, href] of Object.entries(routes)) {
      const built = typeof href === 'function' ? href('ID') : href;
      const pattern = routePatterns[name as keyof typeof routePatterns];
      expect(built).toBe(pattern.replace(/:[a-zA-Z]+/, 'ID'));
    }
  });
});

describe('routeOfPath', () => {
  it('names the route a path opens, and nothing for other paths', () => {
    expect(routeOfPath('/')).toBe('home');
    expect(routeOfPath('/search')).toBe('search');
    expect(routeOfPath('/listing/abc-123')).toBe('listing');
    expect(routeOfPath('/messages/c1/')).toBe('conversation');
    expect(routeOfPath('/edit-listing/x')).toBe('editListing');
    expect(routeOfPath('/listing/a/b')).toBeNull();
    expect(routeOfPath('/unknown')).toBeNull();
  });
});

describe('remotes', () => {
  it('maps each remote page to a remote that exposes it', () => {
    for (const [route, short] of Object.entries(PAGE_REMOTES)) {
      expect(routePatterns).toHaveProperty(route);
      expect(REMOTE_SHORT_NAMES).toContain(short);
    }
  });

  it('names the five remotes with their short names', () => {
    expect(REMOTE_SHORT_NAMES).toEqual(['search', 'listings', 'seller', 'messaging', 'account']);
    for (const short of REMOTE_SHORT_NAMES) expect(remotes[short].name).toBe(`mfe_${short}`);
  });

  it('builds loadRemote ids', () => {
    expect(remoteModuleId('messaging', 'MessagesPage')).toBe('mfe_messaging/MessagesPage');
    expect(remotes.seller.exposes.EditListingPage).toBe('./EditListingPage');
  });
});

describe('queryKeys', () => {
  it('nests every key under its domain so invalidating the domain covers it', () => {
    const key = queryKeys.listings.detail('1');
    expect(key.slice(0, 1)).toEqual(queryKeys.listings.all);
    expect(queryKeys.search.results({ q: 'civic', page: 2 })).toEqual([
      'search',
      'results',
      { q: 'civic', page: 2 },
    ]);
    expect(queryKeys.catalogue.trims('all', 'Honda', 'Civic')).toEqual([
      'catalogue',
      'trims',
      'all',
      'Honda',
      'Civic',
    ]);
    expect(queryKeys.messages.unreadCount()[0]).toBe('messages');
  });
});
