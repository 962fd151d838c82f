import { statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * `allowedPath` for @fastify/static: a URL naming a folder (ending in '/') goes to the not-found
 * handler. With `index: false` the plugin answered such a URL 403, which told an outsider which
 * folders exist; now a folder is answered like any missing file (OWASP ASVS 4.3.2).
 */
export const notAFolder = (pathname: string): boolean => !pathname.endsWith('/');

const swapCase = (text: string) =>
  text.replace(/[a-z]/gi, (letter) =>
    letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase(),
  );

/**
 * Whether the filesystem holding `dir` (or its nearest existing folder) finds a name spelled in
 * another case: the same folder answers under its name with every letter's case swapped.
 */
export function ignoresCase(dir: string): boolean {
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    const swapped = swapCase(folder);
    if (swapped !== folder) {
      try {
        const [spelled, other] = [statSync(folder), statSync(swapped)];
        return spelled.ino === other.ino && spelled.dev === other.dev;
      } catch {
        // This folder does not exist yet (a build to come), or the other spelling does not.
      }
    }
    if (folder === path.dirname(folder)) return false;
  }
}

/**
 * The file `url` names under `prefix` (ending in '/'), from its '/', decoded as @fastify/static's
 * own route decodes it for sending (`decodeURI`, and '#' and '?', which a path can only carry
 * encoded). Undefined when the path, fully decoded, leaves its folder or is not written the one
 * plain way ('..' or '.' segments, '//', backslashes, NUL, a broken escape): never a file of ours.
 */
export function pathUnder(prefix: string, url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const pathname = url.slice(prefix.length - 1, queryAt === -1 ? undefined : queryAt);
  let decoded: string;
  let forSending: string;
  try {
    decoded = decodeURIComponent(pathname);
    forSending = decodeURI(pathname.replace(/%23|%3F/gi, decodeURIComponent));
  } catch {
    return undefined;
  }
  const plain =
    !/[\\\0]/.test(decoded) &&
    decoded
      .slice(1)
      .split('/')
      .every((segment, index, segments) =>
        segment === '' ? index === segments.length - 1 : segment !== '.' && segment !== '..',
      );
  return plain ? forSending : undefined;
}

export type StaticFolderOptions = Omit<
  FastifyStaticOptions,
  'root' | 'prefix' | 'serve' | 'decorateReply' | 'index' | 'allowedPath' | 'list'
> & {
  root: string;
  /** Ends in '/'. */
  prefix: string;
};

/**
 * Serves the files under `root` at `prefix`, with @fastify/static's options (compressed copies,
 * headers) and its file sending; a folder is answered as not found (`notAFolder`).
 *
 * Not through the plugin's own catch-all route, nor with its `allowedPath`: with either, before
 * every file it lists each folder on the file's path to check that the URL spells the name as on
 * disk, its guard for filesystems that ignore case. On a folder of 4,700 photos (about what each
 * of the 256 photo folders holds at 100,000 listings) a photo then took 2.4 ms of CPU: 416 a
 * second where sending it alone gave 8,460 (docs/benchmarks.md). Where names are matched case for
 * case, a URL reaches a file only spelled as on disk, so this route sends it at once; where the
 * filesystem ignores case, the plugin's route and its check stay.
 */
export async function serveFolder(app: FastifyInstance, options: StaticFolderOptions): Promise<void> {
  if (ignoresCase(options.root)) {
    await app.register(fastifyStatic, {
      ...options,
      index: false,
      allowedPath: notAFolder,
      decorateReply: false,
    });
    return;
  }
  // A scope of its own: each folder's `reply.sendFile` sends from its root with its options.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { ...options, index: false, serve: false });
    scope.route({
      method: ['GET', 'HEAD'],
      url: `${options.prefix}*`,
      schema: { hide: true },
      // Async, returning the reply: the file is sent after the handler returns.
      handler: async (request, reply) => {
        const pathname = pathUnder(options.prefix, request.url);
        return pathname === undefined || !notAFolder(pathname)
          ? reply.callNotFound()
          : reply.sendFile(pathname);
      },
    });
  });
}
