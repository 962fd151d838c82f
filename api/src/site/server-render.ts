import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  SERVER_RENDER_FILE,
  SERVER_RENDER_MODULES,
  SERVER_RENDER_MODULES_GLOBAL,
  SERVER_STATE_ELEMENT_ID,
  type RemoteServerBuild,
  type ServerPage,
  type ShellServerBuild,
} from '@carmarket/shared/contracts';
import { dehydrate } from '@tanstack/react-query';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RemotesManifest } from '../modules/remotes/remote-registry.js';

/** How long a page may take to render on the server (its reads included) before the browser renders it. */
export const SERVER_RENDER_TIMEOUT_MS = 2_000;

/** A page rendered on the server: its markup for #root, its styles, and the state the browser hydrates with. */
export interface RenderedPage {
  html: string;
  /** The styled-components <style> elements of the markup. */
  styles: string;
  /** The <script type="application/json"> block the shell reads (query data, query client id, theme). */
  state: string;
}

/** A folder of the site that serves remote releases, as the deploy registry names them. */
export interface RemoteRoot {
  prefix: string;
  root: string;
}

export interface ServerRendererOptions {
  app: FastifyInstance;
  shellDir: string;
  remoteRoots: readonly RemoteRoot[];
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /** How long a rendered page is served again (PAGE_GUEST_STALENESS_MS); 0 renders every request. */
  keepMs?: number;
  /** The clock pages are kept by (ms). */
  now?: () => number;
}

/**
 * Pages kept at most: a page with its state is 20-100 KB, so a few MB. Only pages asked for again
 * within the time they are kept are worth it, and under load those are the few hot ones.
 */
export const KEPT_PAGES_MAX = 100;

/**
 * Rendered pages by URL and remotes map, each served again for `keepMs` after its render ended; the
 * requests that come while it renders wait for that render instead of starting their own. A page
 * rendered on the server is the same for every visitor (a guest's, in the default theme), and
 * rendering one took 10-20 ms of CPU, which held the server to about 80 home pages a second
 * (docs/benchmarks.md). A page that was not rendered (null) is not kept.
 */
export class KeptPages {
  private readonly pages = new Map<string, { page: Promise<RenderedPage | null>; until: number }>();

  constructor(
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
    private readonly capacity = KEPT_PAGES_MAX,
  ) {}

  get(key: string, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    if (this.keepMs === 0) return render();
    const kept = this.pages.get(key);
    if (kept && this.now() < kept.until) return kept.page;
    this.pages.delete(key);
    // Until its render ends, every request for it waits for that render.
    const entry = { page: render(), until: Number.POSITIVE_INFINITY };
    this.pages.set(key, entry);
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value!);
    void entry.page.then((page) => {
      if (page === null) {
        if (this.pages.get(key) === entry) this.pages.delete(key);
      } else entry.until = this.now() + this.keepMs;
    });
    return entry.page;
  }
}

const require = createRequire(import.meta.url);
/**
 * The network address of the visitor a page is rendered for. The page's reads are theirs, as when
 * their browser made them: opening a listing counts one view per viewer and day, and every page
 * rendered here would otherwise count as the same viewer (this server, 127.0.0.1).
 */
const renderedFor = new AsyncLocalStorage<string>();
// CommonJS packages are read with require, so a server build gets the very object the ES modules
// here (and @carmarket/shared's) get; the rest are ES modules.
const COMMONJS = new Set(['react', 'react/jsx-runtime', 'react-dom', 'styled-components']);

/** The server process's one copy of each shared library, put where the server builds read them. */
async function provideSharedModules(): Promise<void> {
  const modules: Record<string, unknown> = {};
  for (const name of SERVER_RENDER_MODULES) {
    modules[name] = COMMONJS.has(name) ? require(name) : await import(name);
  }
  Reflect.set(globalThis, SERVER_RENDER_MODULES_GLOBAL, modules);
}

// A build is imported once per version of its file: a release rebuilt in place (built-in) is read
// again after its file changes, and a published release lives at a path of its own.
const builds = new Map<string, Promise<unknown>>();
function importBuild<T>(file: string): Promise<T> {
  const url = `${pathToFileURL(file).href}?v=${statSync(file).mtimeMs}`;
  let build = builds.get(url);
  if (!build) {
    build = import(url);
    builds.set(url, build);
    // A build that failed to load is tried again on the next page.
    build.catch(() => builds.delete(url));
  }
  return build as Promise<T>;
}

/**
 * The server build of the release the registry serves for `remoteName`, when it is a folder of this
 * site; a release on another host is rendered in the browser only.
 */
export function remoteServerBuildFile(
  remotesMap: RemotesManifest,
  remoteName: string,
  remoteRoots: readonly RemoteRoot[],
): string | null {
  const entry = remotesMap.remotes.find((remote) => remote.name === remoteName)?.entry;
  if (!entry?.startsWith('/')) return null;
  const served = remoteRoots.find(({ prefix }) => entry.startsWith(prefix));
  if (!served) return null;
  const root = path.resolve(served.root);
  const file = path.resolve(root, path.posix.dirname(entry.slice(served.prefix.length)), SERVER_RENDER_FILE);
  return file.startsWith(root + path.sep) && existsSync(file) ? file : null;
}

const timeout = (ms: number, what: string) =>
  new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms).unref();
  });

/**
 * Renders the element to HTML with its styles. Any error, in the shell or inside a remote's Suspense
 * boundary, fails the render: the page is then served for the browser to render, as without a
 * server render, rather than half rendered.
 */
async function renderToHtml(element: React.ReactElement, timeoutMs: number) {
  const [{ renderToPipeableStream }, { ServerStyleSheet }] = await Promise.all([
    import('react-dom/server'),
    Promise.resolve(require('styled-components') as typeof import('styled-components')),
  ]);
  const sheet = new ServerStyleSheet();
  try {
    const html = await new Promise<string>((resolve, reject) => {
      let failure: unknown;
      const stream = renderToPipeableStream(sheet.collectStyles(element), {
        // Sent whole once ready: no Suspense boundary is sent as a fallback followed by its content
        // and an inline script that swaps them in (React does so past 12.8 KB by default), which a
        // browser without JavaScript never runs and which the page would hydrate beside its fallback.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          failure ??= error;
        },
        onShellError: reject,
        onAllReady: () => {
          if (failure) return reject(failure instanceof Error ? failure : new Error(String(failure)));
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          stream.pipe(sink);
        },
      });
      timeout(timeoutMs, 'the server render').catch((error: unknown) => {
        stream.abort(error);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/**
 * The server render of the public pages (docs/architecture.md, "Server-rendered first view"): the
 * shell's server build renders the route with the registry's release of the page's remote, whose
 * reads go through this server's own API in-process. Null whenever the page is left to the browser:
 * no build, a remote on another host, a route without a server page, or any failure or timeout.
 */
export function createServerRenderer({
  app,
  shellDir,
  remoteRoots,
  log,
  timeoutMs = SERVER_RENDER_TIMEOUT_MS,
  keepMs = 0,
  now,
}: ServerRendererOptions) {
  const kept = new KeptPages(keepMs, now);
  // Loaded on the first page rendered, so a server (or a test app) that renders none pays nothing.
  let ready: ReturnType<typeof prepare> | undefined;
  const prepare = async () => {
    await provideSharedModules();
    const shared = await import('@carmarket/shared');
    // The page's reads (the shared http client) are answered by this server without a socket.
    const client = await shared.httpClient();
    client.defaults.adapter = async (config) => {
      const response = await app.inject({
        method: (config.method ?? 'get').toUpperCase() as 'GET',
        url: client.getUri(config),
        headers: { accept: 'application/json' },
        remoteAddress: renderedFor.getStore(),
      });
      const answer = {
        data: response.body,
        status: response.statusCode,
        statusText: '',
        headers: {},
        config,
        request: {},
      };
      if (response.statusCode >= 400)
        throw Object.assign(new Error(`${config.url} answered ${response.statusCode}`), { response: answer });
      return answer;
    };
    return shared;
  };

  async function render(url: string, remotesMap: RemotesManifest): Promise<RenderedPage | null> {
    const shellFile = path.join(shellDir, SERVER_RENDER_FILE);
    if (!existsSync(shellFile)) return null;
    const shared = await (ready ??= prepare());
    const shell = await importBuild<ShellServerBuild>(shellFile);
    const pathname = url.split('?')[0] ?? '/';
    // A remote's page needs that remote's server build; the shell's own pages (home) need none.
    const match = shell.matchRemote(pathname);
    let page: ServerPage | undefined;
    if (match) {
      const [remoteName, moduleName] = match.id.split('/');
      const remoteFile = remoteServerBuildFile(remotesMap, remoteName ?? '', remoteRoots);
      if (!remoteFile) return null;
      page = (await importBuild<RemoteServerBuild>(remoteFile)).pages[`./${moduleName}`];
      if (!page) return null;
    }

    const queryClient = shared.createQueryClient();
    const queryClientId = `qc-${randomUUID().slice(0, 8)}`;
    Object.defineProperty(queryClient, shared.QUERY_CLIENT_ID, { value: queryClientId });
    // No second attempt within the time limit: a read that failed is left to the browser.
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
    try {
      await page?.prefetch?.(queryClient, match?.params ?? {}, new URLSearchParams(url.split('?')[1] ?? ''));
      const element = await shell.createPage({
        url,
        queryClient,
        remotes: new Map(match && page ? [[match.id, page.Component]] : []),
      });
      if (!element) return null;
      const { html, styles } = await renderToHtml(element, timeoutMs);
      const state = { queryClientId, theme: shared.readStoredTheme(), queries: dehydrate(queryClient) };
      return {
        html,
        styles,
        // JSON in a data block: '<' escaped so no value can close the element; never executed.
        state: `<script id="${SERVER_STATE_ELEMENT_ID}" type="application/json">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`,
      };
    } finally {
      queryClient.clear();
    }
  }

  return {
    /**
     * The page rendered within the time limit (or kept from a render less than `keepMs` ago), or null
     * (logged) for the browser to render.
     */
    render(url: string, remotesMap: RemotesManifest, visitorAddress: string): Promise<RenderedPage | null> {
      return kept.get(`${url}\n${JSON.stringify(remotesMap)}`, () =>
        renderedFor.run(visitorAddress, async () => {
          try {
            return await Promise.race([render(url, remotesMap), timeout(timeoutMs, 'the server render')]);
          } catch (error) {
            log.error({ err: error, url }, 'server render failed: the browser renders the page');
            return null;
          }
        }),
      );
    },
    /**
     * Loads the libraries and the shell's server build ahead of the first page, whose time limit
     * would otherwise go to importing them.
     */
    async warm(): Promise<void> {
      const shellFile = path.join(shellDir, SERVER_RENDER_FILE);
      if (!existsSync(shellFile)) return;
      try {
        await (ready ??= prepare());
        await importBuild(shellFile);
      } catch (error) {
        log.error({ err: error }, 'server render: loading the shell build failed');
      }
    },
  };
}
