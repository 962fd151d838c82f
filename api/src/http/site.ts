import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_SHORT_NAMES, remotes } from '@carmarket/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { withPreview, type PagePreview } from '../modules/listings/open-graph.js';
import { NotFoundError } from './errors.js';

// Files that name the current build and must be revalidated on every load; everything with a
// content hash in its name never changes and may be cached for good.
const ALWAYS_REVALIDATE = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ALWAYS_REVALIDATE.has(name)) return REVALIDATE;
  return HASHED_FILE.test(name) ? IMMUTABLE : REVALIDATE;
}

const setCacheHeaders = (reply: FastifyReply, filePath: string) => {
  reply.header('cache-control', cacheControlFor(filePath));
};

/** Paths the shell's router owns: not the API, the live connection, remote files, or files. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (/^\/(api|socket\.io|remotes)(\/|$)/.test(pathname)) return false;
  return !path.posix.basename(pathname).includes('.');
}

/**
 * Serves the built front ends from STATIC_ROOT as docs/architecture.md lays out: the shell at /,
 * each remote at /remotes/<short>/, the runtime manifest at /remotes.json, and index.html for
 * client routes. Files are looked up per request, so a remote is redeployed by replacing its
 * dist folder, without a restart.
 */
export async function registerSite(
  app: FastifyInstance,
  config: AppConfig,
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

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', REVALIDATE);
    return {
      remotes: REMOTE_SHORT_NAMES.map((short) => ({
        name: remotes[short].name,
        entry: config.remoteOverrides[short] ?? `/remotes/${short}/mf-manifest.json`,
      })),
    };
  });

  for (const { short, dir } of remoteDirs) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${short}/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      suppressWarning: true,
    });
  }

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    setHeaders: setCacheHeaders,
    suppressWarning: true,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const indexFile = path.join(shellDir, 'index.html');
    if (isClientRoute(request) && existsSync(indexFile)) {
      const preview = await previewFor?.(request);
      if (!preview) return reply.sendFile('index.html', shellDir);
      const html = withPreview(await readFile(indexFile, 'utf8'), preview);
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(html);
    }
    throw request.url.startsWith('/api')
      ? new NotFoundError('Route not found', 'ROUTE_NOT_FOUND')
      : new NotFoundError('Not found');
  });
}
