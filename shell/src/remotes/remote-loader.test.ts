import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { REMOTES_ELEMENT_ID } from '@carmarket/shared';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const served = {
  remotes: [{ name: 'mfe_search', entry: '/remotes/search/mf-manifest.json', version: 'built-in' }],
};
let remotesReads = 0;
const server = setupServer(
  http.get('*/remotes.json', () => {
    remotesReads += 1;
    return HttpResponse.json(served);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  remotesReads = 0;
});
afterAll(() => server.close());

/** index.html as the server sends it: the remotes map in a JSON data block. */
function inlineRemotes(text: string) {
  const element = document.createElement('script');
  element.id = REMOTES_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

/** A fresh loader, as on a new page load. */
async function freshLoader() {
  let loader!: typeof import('./remote-loader');
  await jest.isolateModulesAsync(async () => {
    // In the site the shell's build creates the federation runtime; here the test does.
    const { init } = await import('@module-federation/enhanced/runtime');
    init({ name: 'shell', remotes: [] });
    loader = await import('./remote-loader');
  });
  return loader;
}

describe('registerRemotesOnce', () => {
  it('takes the map index.html carries without asking the server, once', async () => {
    inlineRemotes(
      JSON.stringify({
        remotes: [
          { name: 'mfe_search', entry: '/remotes/releases/search/1.4.0/mf-manifest.json', version: '1.4.0' },
        ],
      }),
    );
    const { registerRemotesOnce } = await freshLoader();
    expect(await registerRemotesOnce()).toEqual(
      new Map([['mfe_search', '/remotes/releases/search/1.4.0/mf-manifest.json']]),
    );
    expect(remotesReads).toBe(0);
    // Used once: a later page load's retry must ask the server for the current map.
    expect(document.getElementById(REMOTES_ELEMENT_ID)).toBeNull();
  });

  it('asks /remotes.json when the page carries no map, or one it cannot read', async () => {
    inlineRemotes('{"remotes": [');
    const { registerRemotesOnce } = await freshLoader();
    expect(await registerRemotesOnce()).toEqual(
      new Map([['mfe_search', '/remotes/search/mf-manifest.json']]),
    );
    expect(remotesReads).toBe(1);
  });
});
