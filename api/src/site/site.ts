import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PAGE_REMOTES,
  REMOTE_SHORT_NAMES,
  REMOTES_ELEMENT_ID,
  remotes,
  routeOfPath,
  routePatterns,
} from '@carmarket/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { IMMUTABLE, REVALIDATE } from '../http/cache-control.js';
import { acceptsGzip, COMPRESS_THRESHOLD_BYTES, GzipCopies } from '../http/compression.js';
import { NotFoundError } from '../http/errors.js';
import { serveFolder } from '../http/static-files.js';
import { escapeHtml, withPreview, type PagePreview } from '../modules/listings/open-graph.js';
import type { RemoteRegistry, RemotesManifest } from '../modules/remotes/remote-registry.js';
import { registryPaths } from '../modules/remotes/remotes.service.js';
import { WatchedFile } from '../storage/watched-file.js';
import type { InlineScripts } from './inline-scripts.js';
import { createServerRenderer, type RenderedPage } from './server-render.js';

/**
 * index.html is looked at again at most this often (a new shell build replaces it), as the inlined
 * scripts are: read on every page view, its open, stat, read and close were about 5 % of a listing
 * page's CPU (docs/benchmarks.md).
 */
const INDEX_RECHECK_MS = 1_000;

// Files that name the current build and must be revalidated on every load; everything with a
// content hash in its name never changes and may be cached for good.
const ALWAYS_REVALIDATE = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.8f965ed0.js.br) is cached as the file it stands for.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (ALWAYS_REVALIDATE.has(name)) return REVALIDATE;
  return HASHED_FILE.test(name) ? IMMUTABLE : REVALIDATE;
}

const setCacheHeaders = (reply: FastifyReply, filePath: string) => {
  reply.header('cache-control', cacheControlFor(filePath));
};

/**
 * A remote's files are public and may be loaded by a shell on another origin: the federation
 * runtime fetches the manifest (CORS) and loads scripts with crossorigin, and Helmet's default
 * Cross-Origin-Resource-Policy (same-origin) would block them.
 */
const setRemoteHeaders = (reply: FastifyReply, filePath: string) => {
  setCacheHeaders(reply, filePath);
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('access-control-allow-origin', '*');
};

/** Paths the shell's router owns: not the API, the live connection, remote files, or files. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (/^\/(api|socket\.io|remotes)(\/|$)/.test(pathname)) return false;
  return !path.posix.basename(pathname).includes('.');
}

/**
 * What the page needs first, put into index.html's head so the browser does not wait for the
 * shell's script to ask: the remotes map (/remotes.json's answer for this browser, canary included)
 * and preloads of the page's remote manifest and the shell's own, which are read before the remote
 * mounts. Cross-origin manifests are not preloaded: the shell revalidates those itself.
 */
function pageHints(pathname: string, remotesMap: RemotesManifest): string {
  const route = routeOfPath(pathname);
  const short = route && route in PAGE_REMOTES ? PAGE_REMOTES[route as keyof typeof PAGE_REMOTES] : null;
  const entry = short && remotesMap.remotes.find((remote) => remote.name === remotes[short].name)?.entry;
  const preloads = entry?.startsWith('/') ? [entry, '/mf-manifest.json'] : [];
  return [
    // JSON in a data block: '<' escaped so no value can close the element; never executed, so the CSP holds.
    `<script id="${REMOTES_ELEMENT_ID}" type="application/json">${JSON.stringify(remotesMap).replace(/</g, '\\u003c')}</script>`,
    ...preloads.map(
      (href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous" />`,
    ),
  ].join('\n    ');
}

/**
 * The page's image asked for first: its largest paint (search's first card, a listing's first photo).
 * React writes the attribute as `fetchPriority`; HTML's attribute names are case-insensitive.
 */
const HIGH_PRIORITY_IMAGE = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i;

/**
 * A preload of the page's high-priority image, for the top of the head. Found in the markup, the
 * image waited for the document to arrive down to its place, after the styles and the shell's
 * script: on a slow 4G connection that was most of the photo's time before its paint (Lighthouse's
 * "load delay"). The attributes are the markup's own, already escaped.
 */
function imagePreload(markup: string): string | null {
  const tag = HIGH_PRIORITY_IMAGE.exec(markup)?.[0];
  const attribute = (name: string) => tag && new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const src = attribute('src');
  if (!src) return null;
  const srcset = attribute('srcset');
  const sizes = attribute('sizes');
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high" />`;
}

/**
 * Where the image preload goes: right after the viewport's meta tag. A preload with a srcset picks
 * its file for the viewport the browser knows when it reads the link, and a phone's is 980 px wide
 * until that tag: before it, a phone preloaded the 1600 px file, then its img took the 800 px one,
 * and downloaded both. Without such a tag, at the top of the head.
 */
const VIEWPORT_META = /<meta name="viewport"[^>]*>/;

/**
 * index.html with the server's render of the page in #root, its styles before it and the state the
 * browser hydrates with after it, and its first image preloaded near the top of the head.
 */
export function withRenderedPage(html: string, rendered: RenderedPage | null): string {
  if (!rendered) return html;
  const preload = imagePreload(rendered.html);
  return html
    .replace(VIEWPORT_META.test(html) ? VIEWPORT_META : '<head>', (place) =>
      preload ? `${place}\n    ${preload}` : place,
    )
    .replace(
      '<div id="root"></div>',
      () => `${rendered.styles}<div id="root">${rendered.html}</div>${rendered.state}`,
    );
}

/**
 * Serves the built front ends from STATIC_ROOT as docs/architecture.md lays out: the shell at /,
 * each remote's built-in release at /remotes/<short>/, releases published from a dist folder at
 * /remotes/releases/<short>/<version>/, the deploy registry's answer at /remotes.json, and
 * index.html for client routes. Files are looked up per request (index.html at most once a second), so nothing needs a restart.
 */
export async function registerSite(
  app: FastifyInstance,
  config: AppConfig,
  registry: RemoteRegistry,
  /** The shell's theme and start scripts, put into every page (the CSP allows them by their hashes). */
  inlineScripts: InlineScripts,
  /** A page's link preview (title, description, Open Graph tags) put into index.html, when it has one. */
  previewFor?: (request: FastifyRequest) => Promise<PagePreview | null>,
): Promise<void> {
  const shellDir = path.join(config.staticRoot, 'shell', 'dist');
  const remoteDirs = REMOTE_SHORT_NAMES.map((short) => ({
    short,
    dir: path.join(config.staticRoot, `mfe-${short}`, 'dist'),
  }));

  const found = [shellDir, ...remoteDirs.map((remote) => remote.dir)].filter((dir) => existsSync(dir));
  if (!existsSync(path.join(shellDir, 'index.html'))) {
    app.log.warn(`No shell build at ${shellDir}: serving the API only until the front end is built.`);
  } else {
    app.log.info(
      `Serving the site from ${config.staticRoot} (${found.length} of ${remoteDirs.length + 1} builds found)`,
    );
  }

  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    // Private: with a canary, the answer depends on the browser's bucket cookie.
    reply.header('cache-control', 'private, no-cache').header('vary', 'cookie');
    return registry.remotesFor(request, reply);
  });

  const releasesDir = registryPaths(config.remoteRegistryDir).releasesDir;
  const remoteRoots = [
    ...remoteDirs.map(({ short, dir }) => ({ root: dir, prefix: `/remotes/${short}/` })),
    { root: releasesDir, prefix: '/remotes/releases/' },
  ];
  const serverRenderer = createServerRenderer({
    app,
    shellDir,
    remoteRoots,
    log: app.log,
    keepMs: config.pageGuestStalenessMs,
  });
  void serverRenderer.warm();
  for (const { root, prefix } of remoteRoots) {
    await serveFolder(app, {
      root,
      prefix,
      cacheControl: false,
      setHeaders: setRemoteHeaders,
      // The .br and .gz copies the build writes beside each text file.
      preCompressed: true,
      suppressWarning: true,
    });
  }

  await serveFolder(app, {
    root: shellDir,
    prefix: '/',
    // '/' is a page like any other: served below with its hints. Left to the static files, a
    // client that accepts no compression got 403 for it (a directory without an index); so did
    // every other folder, which is now a client route like any path without a file name.
    cacheControl: false,
    setHeaders: setCacheHeaders,
    preCompressed: true,
    suppressWarning: true,
  });

  const indexPage = new WatchedFile<string | undefined>(
    path.join(shellDir, 'index.html'),
    async (file, exists) => (exists ? readFile(file, 'utf8') : undefined),
    undefined,
    INDEX_RECHECK_MS,
    (error) => app.log.error({ err: error }, "reading the shell build's index.html failed"),
  );
  // A guest's page is the same for a while (rendered once for PAGE_GUEST_STALENESS_MS), so its gzip
  // copy is kept by its text: compressing it on every request was a quarter of the home page's CPU
  // (docs/benchmarks.md). Pages are 30–100 KB; a few dozen copies are kept.
  const pageGzips = new GzipCopies(32);
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    await indexPage.refresh();
    const indexHtml = indexPage.value;
    if (isClientRoute(request) && indexHtml !== undefined) {
      const remotesMap = await registry.remotesFor(request, reply);
      // A failed preview (say, the database is down) must not take the page with it.
      const preview = await previewFor?.(request).catch((error: unknown) => {
        request.log.error({ err: error }, 'page preview failed: serving the plain page');
        return null;
      });
      const pathname = request.url.split('?')[0] ?? '/';
      // A page that does not exist is not rendered: the browser shows the app's own message.
      const rendered =
        preview?.status === 404 ? null : await serverRenderer.render(request.url, remotesMap, request.ip);
      // The scripts as the security hook read them for this request's CSP (http/security.ts): the page
      // and the header agree. Before any reading the page keeps the script's tag, which still works.
      const page = withRenderedPage(
        inlineScripts
          .inline(indexHtml)
          .replace('</head>', () => `    ${pageHints(pathname, remotesMap)}\n  </head>`),
        rendered,
      );
      const html = preview ? withPreview(page, preview) : page;
      reply
        .status(preview?.status ?? 200)
        // Private: with a canary, the inlined remotes map depends on the browser's bucket cookie.
        .header('cache-control', `private, ${REVALIDATE}`)
        .header('vary', 'cookie, accept-encoding')
        .type('text/html; charset=utf-8');
      return html.length >= COMPRESS_THRESHOLD_BYTES && acceptsGzip(request.headers['accept-encoding'])
        ? reply.header('content-encoding', 'gzip').send(pageGzips.of(html, html))
        : reply.send(html);
    }
    throw request.url.startsWith('/api')
      ? new NotFoundError('Route not found', 'ROUTE_NOT_FOUND')
      : new NotFoundError('Not found');
  };
  // The shell's routes go to the page at once. Left to the static files' catch-all, every page view
  // first looked for a file of its name: a listing of the build's folder and a few stats, twice
  // (with the compressed copy's name), about 7 % of a listing page's CPU (docs/benchmarks.md).
  for (const pattern of new Set(Object.values(routePatterns))) {
    app.get(pattern, { schema: { hide: true } }, servePage);
  }
  // Any other path (the shell's router sends it home) and a route's variants (a trailing slash).
  app.setNotFoundHandler(servePage);
}
