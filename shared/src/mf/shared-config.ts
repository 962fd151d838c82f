import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
}

/**
 * Every module shared at runtime, as [share key, package that provides its version]. Keys ending in
 * '/' share every subpath (react/jsx-runtime, react-dom/client):
 * without them a remote would bundle its own copy of those files and, with it, a second React. The
 * browser entry points of @carmarket/shared are separate singletons so the session store, the http
 * client, the socket and the router context exist once per page; `@carmarket/shared/mf` is node-only
 * and never shared.
 */
const sharedModules: readonly (readonly [key: string, pkg: string])[] = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['@tanstack/react-query', '@tanstack/react-query'],
  ['zustand', 'zustand'],
  // zustand/middleware is not listed: it keeps no state, and only the session store in
  // @carmarket/shared uses it, so that singleton's chunk keeps just `persist` (shared, the whole
  // middleware module loads: devtools, redux and the rest, about 4 KB gzip).
  ['styled-components', 'styled-components'],
  ['axios', 'axios'],
  ['socket.io-client', 'socket.io-client'],
  ['@carmarket/shared', '@carmarket/shared'],
  // @carmarket/shared/schemas is not listed: it keeps no state, and a shared entry loads whole (every
  // schema, every zod check, the VIN decoder's table), while each bundle's own copy keeps only the
  // schemas and zod/mini checks its forms use (/search 36.7 -> 27.5 KB, /create-listing 81.8 -> 77.7).
  ['@carmarket/shared/ui', '@carmarket/shared'],
  // The router is shared through this entry only, so the build keeps just the parts the site uses.
  ['@carmarket/shared/router', '@carmarket/shared'],
  // Forms live in the shell (sign-in), the seller wizard and the account profile. zod is not listed:
  // only @carmarket/shared/schemas imports it, so each bundle keeps the parts its schemas use (shared
  // as a whole it adds about 88 KB gzip to every form page). Nor is react-hook-form: a form's state
  // lives in its own useForm (no FormProvider crosses a bundle), and shared it loads whole (Controller,
  // useFieldArray, FormProvider...: 15.9 KB gzip) where each bundle's copy keeps useForm. Nor is
  // @hookform/resolvers, stateless and tiny.
];

/**
 * The version installed for `appDir`, found the way Node resolves a package directory. Reading the
 * package.json directly works for packages whose export map hides it and for @carmarket/shared before
 * it is built.
 */
function installedVersion(pkg: string, appDir: string): string {
  for (let dir = path.resolve(appDir); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed for ${appDir}`);
  }
}

// React must be one major version on the page: an exact major, any minor (React keeps minors
// compatible for the components and hooks the remotes use).
const MAJOR_ONLY = new Set(['react', 'react-dom']);

/**
 * The range a build accepts for a shared package it was built with: caret (that version or a newer
 * compatible one) for libraries and for @carmarket/shared, whose version follows its contract (a
 * new export is a minor, a changed one a major), so a remote built against a newer contract asks for
 * it; an exact major for React. The ranges go into each mf-manifest.json, where the shell and
 * `npm run remote -- publish` check them against what the page provides.
 */
function requiredRange(pkg: string, version: string): string {
  return MAJOR_ONLY.has(pkg) ? `^${version.split('.')[0]}.0.0` : `^${version}`;
}

/**
 * The one list of shared singletons every webpack config uses: `singleton` so each library runs once
 * per page, a range around the installed (lockfile) version as `requiredVersion` (requiredRange), and
 * never `eager` so the shell's first chunk stays small and the share scope can pick the copy that
 * loaded first.
 */
export function createSharedConfig(appDir: string): Record<string, SharedSingleton> {
  return Object.fromEntries(
    sharedModules.map(([key, pkg]) => [
      key,
      { singleton: true, requiredVersion: requiredRange(pkg, installedVersion(pkg, appDir)) },
    ]),
  );
}
