// The server render's contract (docs/architecture.md, "Server-rendered first view"): each front end
// that renders on the server ships a node build of it beside its browser build, `server/render.js`
// in its dist folder, so a release carries both and the server renders the version that is live.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';

/** Where a front end's server build sits, relative to its mf-manifest.json. */
export const SERVER_RENDER_FILE = 'server/render.js';

/**
 * The libraries a server build does not bundle: it reads the server process's single copy of each
 * from this global, as a browser build reads the page's shared singletons from the share scope, so
 * the shell's tree and a remote's page use one React, one router context and one query client.
 */
export const SERVER_RENDER_MODULES_GLOBAL = '__carmarketServerModules';
export const SERVER_RENDER_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router',
  'styled-components',
  'zustand',
  '@tanstack/react-query',
  '@carmarket/shared',
  '@carmarket/shared/router',
  '@carmarket/shared/schemas',
  '@carmarket/shared/ui',
] as const;

/** A page a remote renders on the server: the component the browser mounts, and the reads it shows. */
export interface ServerPage {
  Component: ComponentType;
  /** Fetches what the page shows first into the query client (through the shared http client). */
  prefetch?(
    queryClient: QueryClient,
    params: Readonly<Record<string, string | undefined>>,
    search: URLSearchParams,
  ): Promise<unknown>;
}

/** A remote's server build: its pages by exposed module name ('./ListingDetailPage'). */
export interface RemoteServerBuild {
  pages: Readonly<Record<string, ServerPage>>;
}

/** What the shell's server build renders a page with. */
export interface ShellRenderInput {
  /** The page's path and query, e.g. '/listing/1?from=search'. */
  url: string;
  queryClient: QueryClient;
  /** The remote page components already loaded, by module id ('mfe_listings/ListingDetailPage'). */
  remotes: ReadonlyMap<string, ComponentType>;
}

/** The shell's server build. */
export interface ShellServerBuild {
  /** The page's element, or null when the shell does not render this route on the server. */
  createPage(input: ShellRenderInput): Promise<ReactElement | null>;
  /** The remote module a route mounts ('mfe_listings/ListingDetailPage'), with the route's params. */
  matchRemote(pathname: string): { id: string; params: Record<string, string | undefined> } | null;
}

/** The JSON block the server writes for the browser: the query client's data and its id. */
export const SERVER_STATE_ELEMENT_ID = 'carmarket-server-state';
