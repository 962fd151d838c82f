import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  remoteIncompatibilities,
  remotes,
  type FederationManifest,
  type RemoteShortName,
} from '@carmarket/shared/contracts';
import { z } from 'zod';
import { BadRequestError, ConflictError } from '../../http/errors.js';
import { originOf } from './remote-registry.js';
import type { RemoteRelease } from './registry-store.js';

/** The parts of a remote's mf-manifest.json that publishing reads. */
const manifestSchema = z.object({
  name: z.string(),
  metaData: z.object({
    publicPath: z.string().optional(),
    pluginVersion: z.string().optional(),
    buildInfo: z.object({ buildVersion: z.string() }).partial().optional(),
  }),
  shared: z
    .array(
      z.object({
        name: z.string(),
        version: z.string(),
        requiredVersion: z.union([z.string(), z.literal(false)]).optional(),
      }),
    )
    .optional(),
});
export type RemoteManifest = z.infer<typeof manifestSchema>;

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;
const MANIFEST_FETCH_TIMEOUT_MS = 10_000;

/** Where `publish` keeps a release given as a dist folder; served at /remotes/releases/. */
export const releasePath = (short: RemoteShortName, version: string) =>
  `/remotes/releases/${short}/${version}/`;

function parseManifest(json: unknown, where: string): RemoteManifest {
  const result = manifestSchema.safeParse(json);
  if (!result.success)
    throw new BadRequestError(`${where} is not a Module Federation manifest`, 'INVALID_MANIFEST');
  return result.data;
}

async function fetchManifest(url: string): Promise<RemoteManifest> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new BadRequestError(
      `${url} could not be fetched (${(error as Error).message})`,
      'MANIFEST_UNREACHABLE',
    );
  }
  if (!response.ok) throw new BadRequestError(`${url} answered ${response.status}`, 'MANIFEST_UNREACHABLE');
  return parseManifest(await response.json().catch(() => null), url);
}

async function readDistManifest(dist: string): Promise<RemoteManifest> {
  const file = path.join(dist, 'mf-manifest.json');
  if (!existsSync(file)) throw new BadRequestError(`${dist} has no mf-manifest.json`, 'INVALID_MANIFEST');
  return parseManifest(JSON.parse(await readFile(file, 'utf8')), file);
}

function pickVersion(manifest: RemoteManifest, version: string | undefined): string {
  const chosen = version ?? manifest.metaData.buildInfo?.buildVersion;
  if (!chosen || !VERSION.test(chosen)) {
    throw new BadRequestError(
      `Give the release a version (letters, digits, . + -), e.g. --version 1.4.0${chosen ? `; "${chosen}" is not one` : ''}`,
      'INVALID_VERSION',
    );
  }
  return chosen;
}

export interface ResolvedRelease {
  release: Pick<RemoteRelease, 'version' | 'entry' | 'origins'>;
  manifest: RemoteManifest;
  /** Copies a dist folder into the releases folder; nothing to do for a release hosted elsewhere. */
  install(): Promise<void>;
}

/**
 * Reads what `publish` was given — a URL where the remote is hosted (its folder or its
 * mf-manifest.json) or a local dist folder — and checks it is a build of that remote.
 */
export async function resolveRelease(
  short: RemoteShortName,
  source: string,
  options: {
    version?: string;
    releasesDir: string;
    /** The shell's mf-manifest.json: what the site provides; undefined when no shell is built. */
    host?: FederationManifest;
  },
): Promise<ResolvedRelease> {
  const hosted = /^https?:\/\//i.test(source);
  if (!hosted && !existsSync(source)) {
    throw new BadRequestError(`${source} is neither an http(s) URL nor a folder`, 'INVALID_SOURCE');
  }
  const entry = hosted
    ? source.endsWith('.json')
      ? source
      : `${source.replace(/\/*$/, '')}/mf-manifest.json`
    : '';
  const manifest = hosted ? await fetchManifest(entry) : await readDistManifest(source);
  const expected = remotes[short].name;
  if (manifest.name !== expected) {
    throw new BadRequestError(`That build is ${manifest.name}, not ${expected}`, 'WRONG_REMOTE');
  }
  const version = pickVersion(manifest, options.version);
  const problems = options.host ? remoteIncompatibilities(manifest, options.host) : [];
  if (problems.length > 0) {
    throw new BadRequestError(
      `${short} ${version} cannot run in this site: it ${problems.join('; it ')}`,
      'INCOMPATIBLE_REMOTE',
    );
  }

  if (hosted) {
    // Assets come from the manifest's own folder, or from an absolute publicPath (a CDN).
    const origins = new Set([new URL(entry).origin]);
    const assetOrigin = originOf(manifest.metaData.publicPath ?? '');
    if (assetOrigin) origins.add(assetOrigin);
    return { release: { version, entry, origins: [...origins] }, manifest, install: async () => undefined };
  }

  const target = path.join(options.releasesDir, short, version);
  return {
    release: { version, entry: `${releasePath(short, version)}mf-manifest.json`, origins: [] },
    manifest,
    async install() {
      if (existsSync(target)) {
        throw new ConflictError(
          `${short} ${version} is already installed; publish a new version`,
          'VERSION_EXISTS',
        );
      }
      await cp(source, target, { recursive: true });
    },
  };
}
