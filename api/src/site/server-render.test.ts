import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RemotesManifest } from '../modules/remotes/remote-registry.js';
import { createServerRenderer, remoteServerBuildFile } from './server-render.js';

// Server builds as the webpack server config writes them: ES modules that read the shared libraries
// from the server process (SERVER_RENDER_MODULES_GLOBAL) instead of bundling their own.
const SHELL_BUILD = `
const modules = globalThis.__carmarketServerModules;
const React = modules['react'];
const { QueryClientProvider } = modules['@tanstack/react-query'];
// The shell's own page at '/', a remote's page at /listing/:id, nothing on the server elsewhere.
const HomePage = () => React.createElement('h1', null, 'The shell home');
export async function createPage({ url, queryClient, remotes }) {
  const Page = url === '/' ? HomePage : [...remotes.values()][0];
  if (!Page) return null;
  return React.createElement(QueryClientProvider, { client: queryClient },
    React.createElement('main', null, React.createElement(React.Suspense, { fallback: 'loading' }, React.createElement(Page))));
}
export function matchRemote(pathname) {
  const id = /^\\/listing\\/([^/]+)$/.exec(pathname)?.[1];
  return id ? { id: 'mfe_listings/ListingDetailPage', params: { id } } : null;
}
`;

const remoteBuild = (component: string, prefetch = 'undefined') => `
const modules = globalThis.__carmarketServerModules;
const React = modules['react'];
const { useQuery } = modules['@tanstack/react-query'];
const { http } = modules['@carmarket/shared'];
const styled = modules['styled-components'].default;
const answerQuery = (id) => ({ queryKey: ['answer', id], queryFn: () => http.get('/answer/' + id).then((response) => response.data.data) });
const Title = styled.h1\`color: rebeccapurple;\`;
export const pages = {
  './ListingDetailPage': { Component: ${component}, prefetch: ${prefetch} },
};
`;

const WORKING_PAGE = remoteBuild(
  `function Page() {
    const { data } = useQuery(answerQuery('7'));
    return React.createElement(Title, null, data ? 'The answer is ' + data.value : 'No answer');
  }`,
  '(queryClient, { id }) => queryClient.prefetchQuery(answerQuery(id))',
);

describe('server render', () => {
  let app: FastifyInstance;
  let root: string;
  const errors: string[] = [];
  const remotesMap: RemotesManifest = { remotes: [] };

  const writeBuild = async (dir: string, source: string) => {
    await mkdir(path.join(root, dir, 'server'), { recursive: true });
    await writeFile(path.join(root, dir, 'server', 'render.js'), source);
  };

  // Each test publishes its remote as a release of its own (a new folder), as the registry does.
  let releases = 0;
  const publishRemote = async (source: string) => {
    const version = `v${++releases}`;
    await writeBuild(path.join('releases', version), source);
    remotesMap.remotes = [
      { name: 'mfe_listings', entry: `/remotes/releases/listings/${version}/mf-manifest.json`, version },
    ];
  };

  let answersRead = 0;
  const answerReaders: string[] = [];

  // A limit no render here reaches, even the first of a worker on a loaded machine (its modules
  // load then): only the time-limit test sets one it means to hit.
  const renderer =
    (timeoutMs = 15_000) =>
    (url: string, map: RemotesManifest) =>
      createServerRenderer({
        app,
        shellDir: path.join(root, 'shell'),
        remoteRoots: [{ prefix: '/remotes/releases/listings/', root: path.join(root, 'releases') }],
        log: app.log,
        timeoutMs,
      }).render(url, map, '127.0.0.1');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'carmarket-server-render-'));
    app = Fastify({
      logger: {
        level: 'error',
        stream: { write: (line: string) => errors.push(JSON.parse(line).err?.message) },
      },
    });
    app.get('/api/answer/:id', async (request) => {
      answersRead += 1;
      answerReaders.push(request.ip);
      return { success: true, data: { value: Number((request.params as { id: string }).id) * 6 } };
    });
    await app.ready();
    await writeBuild('shell', SHELL_BUILD);
  });

  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  beforeEach(() => {
    errors.length = 0;
  });

  it("renders the registry's release of the page with its styles, and hands its reads and query client over", async () => {
    await publishRemote(WORKING_PAGE);
    const page = await renderer()('/listing/7', remotesMap);
    expect(page?.html).toMatch(/<h1 class="[^"]+">The answer is 42<\/h1>/);
    expect(page?.styles).toContain('color:rebeccapurple');
    const state = JSON.parse(/>(.*)<\/script>$/.exec(page!.state)![1]!);
    expect(state.queryClientId).toMatch(/^qc-/);
    expect(state.queries.queries).toEqual([
      expect.objectContaining({
        queryKey: ['answer', '7'],
        state: expect.objectContaining({ data: { value: 42 } }),
      }),
    ]);
    expect(errors).toEqual([]);
  });

  it('sends a large page whole, not as a fallback for an inline script to swap', async () => {
    await publishRemote(
      remoteBuild(`function Page() { return React.createElement('p', null, 'car '.repeat(5000)); }`),
    );
    const page = await renderer()('/listing/7', remotesMap);
    expect(page?.html).toContain(`<main><!--$--><p>${'car '.repeat(5000)}</p><!--/$--></main>`);
    expect(page?.html).not.toContain('<script');
  });

  it('renders a page whose read failed in its loading state rather than failing', async () => {
    await publishRemote(
      remoteBuild(
        `function Page() { const { data } = useQuery(answerQuery('7')); return React.createElement('p', null, data ? 'answer' : 'No answer yet'); }`,
        "(queryClient) => queryClient.prefetchQuery({ queryKey: ['missing'], queryFn: () => http.get('/missing') })",
      ),
    );
    const page = await renderer()('/listing/7', remotesMap);
    expect(page?.html).toContain('No answer yet');
    expect(JSON.parse(/>(.*)<\/script>$/.exec(page!.state)![1]!).queries.queries).toEqual([]);
  });

  it('leaves the page to the browser when the remote server build throws as it loads', async () => {
    await publishRemote("throw new Error('broken on purpose');");
    await expect(renderer()('/listing/7', remotesMap)).resolves.toBeNull();
    expect(errors).toEqual(['broken on purpose']);
  });

  it("leaves the page to the browser when the remote's page throws while rendering", async () => {
    await publishRemote(remoteBuild(`function Page() { throw new Error('page broken'); }`));
    await expect(renderer()('/listing/7', remotesMap)).resolves.toBeNull();
    expect(errors).toEqual(['page broken']);
  });

  it('gives up at its time limit', async () => {
    await publishRemote(
      remoteBuild(`function Page() { return 'never shown'; }`, '() => new Promise(() => {})'),
    );
    const started = Date.now();
    await expect(renderer(200)('/listing/7', remotesMap)).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(errors).toEqual(['the server render took over 200 ms']);
  });

  describe('kept for a while (PAGE_GUEST_STALENESS_MS)', () => {
    const visitor = '198.51.100.7';
    let clock = 0;
    const keptRenderer = () =>
      createServerRenderer({
        app,
        shellDir: path.join(root, 'shell'),
        remoteRoots: [{ prefix: '/remotes/releases/listings/', root: path.join(root, 'releases') }],
        log: app.log,
        keepMs: 1_000,
        now: () => clock,
      });

    it('serves a page again, rendered once, to the requests made while it renders and within the time after', async () => {
      await publishRemote(WORKING_PAGE);
      const { render } = keptRenderer();
      answersRead = 0;
      const pages = await Promise.all([1, 2, 3].map(() => render('/listing/7', remotesMap, visitor)));
      expect(pages[0]?.html).toContain('The answer is 42');
      expect(new Set(pages).size).toBe(1);
      clock += 999;
      expect(await render('/listing/7', remotesMap, visitor)).toBe(pages[0]);
      expect(answersRead).toBe(1);

      clock += 1;
      const renderedAnew = await render('/listing/7', remotesMap, visitor);
      expect(renderedAnew).not.toBe(pages[0]);
      expect(renderedAnew?.html).toContain('The answer is 42');
      expect(answersRead).toBe(2);
    });

    it("makes the page's reads as the visitor it renders for", async () => {
      await publishRemote(WORKING_PAGE);
      answerReaders.length = 0;
      expect((await keptRenderer().render('/listing/7', remotesMap, visitor))?.html).toContain(
        'The answer is 42',
      );
      expect(answerReaders).toEqual([visitor]);
    });

    it('keeps each URL and each release apart', async () => {
      await publishRemote(WORKING_PAGE);
      const { render } = keptRenderer();
      answersRead = 0;
      const seven = await render('/listing/7', remotesMap, visitor);
      const eight = await render('/listing/8', remotesMap, visitor);
      expect(eight).not.toBe(seven);
      expect(answersRead).toBe(2);
      // A canary's bucket, or a new release: another remotes map, another page.
      await publishRemote(remoteBuild(`function Page() { return React.createElement('p', null, 'v2'); }`));
      expect((await render('/listing/7', remotesMap, visitor))?.html).toContain('<p>v2</p>');
      expect(seven?.html).toContain('The answer is 42');
      expect(answersRead).toBe(2);
    });

    it('does not keep a page it could not render', async () => {
      await publishRemote(remoteBuild(`function Page() { throw new Error('page broken'); }`));
      const { render } = keptRenderer();
      await expect(render('/listing/7', remotesMap, visitor)).resolves.toBeNull();
      await expect(render('/listing/7', remotesMap, visitor)).resolves.toBeNull();
      expect(errors).toEqual(['page broken', 'page broken']);
    });
  });

  it("renders a page of the shell's own without any remote build", async () => {
    remotesMap.remotes = [];
    const page = await renderer()('/', remotesMap);
    expect(page?.html).toContain('<h1>The shell home</h1>');
    expect(errors).toEqual([]);
  });

  it('renders nothing for a route the shell does not render, or without a shell build', async () => {
    await publishRemote(WORKING_PAGE);
    await expect(renderer()('/dashboard', remotesMap)).resolves.toBeNull();
    const noShell = createServerRenderer({
      app,
      shellDir: path.join(root, 'none'),
      remoteRoots: [],
      log: app.log,
    });
    await expect(noShell.render('/listing/7', remotesMap, '127.0.0.1')).resolves.toBeNull();
    expect(errors).toEqual([]);
  });
});

describe('remoteServerBuildFile', () => {
  const roots = [{ prefix: '/remotes/listings/', root: '/srv/listings' }];
  const map = (entry: string): RemotesManifest => ({
    remotes: [{ name: 'mfe_listings', entry, version: '1.0.0' }],
  });

  it('is none for a release on another host (rendered in the browser only) or outside the served folders', () => {
    expect(
      remoteServerBuildFile(map('https://cdn.example.com/listings/mf-manifest.json'), 'mfe_listings', roots),
    ).toBeNull();
    expect(
      remoteServerBuildFile(map('/remotes/listings/../../etc/mf-manifest.json'), 'mfe_listings', roots),
    ).toBeNull();
    expect(remoteServerBuildFile(map('/elsewhere/mf-manifest.json'), 'mfe_listings', roots)).toBeNull();
    expect(remoteServerBuildFile(map('/remotes/listings/mf-manifest.json'), 'mfe_search', roots)).toBeNull();
  });
});
