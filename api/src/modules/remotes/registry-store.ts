import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REMOTE_SHORT_NAMES, type RemoteShortName } from '@carmarket/shared/contracts';
import { z } from 'zod';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.js';

// The deploy registry: which release of each remote the site serves, every release published, and
// the history of switches. It is one JSON file rather than a table because the embedded database
// can be opened by one process only: a file lets `npm run remote` switch a running server on either
// database, and every server reading the same file (a shared volume) answers the same.

/** The release a remote starts with: its build served by this server at /remotes/<short>/. */
export const BUILT_IN = 'built-in';

const releaseSchema = z.object({
  version: z.string(),
  /** The remote's mf-manifest.json: absolute, or a path on this site. */
  entry: z.string(),
  /** Origins the browser fetches the remote from (manifest and assets), for the CSP. */
  origins: z.array(z.string()),
  publishedAt: z.string(),
  publishedBy: z.string(),
});

const remoteStateSchema = z.object({
  releases: z.array(releaseSchema).default([]),
  live: z.string().default(BUILT_IN),
  /** Versions that were live before, newest last: what rollback returns to. */
  previous: z.array(z.string()).default([]),
  canary: z
    .object({ version: z.string(), percent: z.number().int().min(1).max(99) })
    .nullable()
    .default(null),
});

const historyEntrySchema = z.object({
  at: z.string(),
  by: z.string(),
  remote: z.string(),
  action: z.enum(['publish', 'use', 'rollback', 'canary', 'canary-stop']),
  version: z.string(),
  /** The live version before the change. */
  from: z.string(),
  percent: z.number().optional(),
});

const registrySchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_SHORT_NAMES as [RemoteShortName]), remoteStateSchema).default({}),
  history: z.array(historyEntrySchema).default([]),
});

export type RemoteRelease = z.infer<typeof releaseSchema>;
export type RemoteState = z.infer<typeof remoteStateSchema>;
export type RegistryHistoryEntry = z.infer<typeof historyEntrySchema>;
export type RegistryData = z.infer<typeof registrySchema>;

export const emptyRemoteState = (): RemoteState => remoteStateSchema.parse({});

export function parseRemoteName(name: string): RemoteShortName {
  if (!(REMOTE_SHORT_NAMES as string[]).includes(name)) {
    throw new NotFoundError(
      `Unknown remote "${name}" (one of ${REMOTE_SHORT_NAMES.join(', ')})`,
      'REMOTE_NOT_FOUND',
    );
  }
  return name as RemoteShortName;
}

/** Reads the registry; a missing file is an empty registry (every remote on its built-in release). */
export async function readRegistry(file: string): Promise<RegistryData> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return registrySchema.parse({});
    throw error;
  }
  return registrySchema.parse(JSON.parse(text));
}

const LOCK_WAIT_MS = 5_000;
// A lock older than this was left by a process that died mid-write.
const STALE_LOCK_MS = 30_000;

async function acquireLock(lockFile: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.close();
      return () => unlink(lockFile).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (await stat(lockFile).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > STALE_LOCK_MS) await unlink(lockFile).catch(() => undefined);
      else if (Date.now() > deadline) throw new ConflictError('The deploy registry is busy; try again');
      else await sleep(50);
    }
  }
}

/**
 * Applies `change` to the registry under a lock file (commands and admin calls may run at once)
 * and replaces the file in one rename, so a reader never sees half a file.
 */
export async function updateRegistry<T>(file: string, change: (data: RegistryData) => T): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true });
  const release = await acquireLock(`${file}.lock`);
  try {
    const data = await readRegistry(file);
    const result = change(data);
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`);
    await rename(temporary, file);
    return result;
  } finally {
    await release();
  }
}

interface Change {
  remote: RemoteShortName;
  by: string;
  at?: Date;
}

function stateOf(data: RegistryData, remote: RemoteShortName): RemoteState {
  return (data.remotes[remote] ??= emptyRemoteState());
}

function record(
  data: RegistryData,
  change: Change,
  entry: Omit<RegistryHistoryEntry, 'at' | 'by' | 'remote'>,
) {
  data.history.push({
    at: (change.at ?? new Date()).toISOString(),
    by: change.by,
    remote: change.remote,
    ...entry,
  });
}

function requireRelease(state: RemoteState, remote: RemoteShortName, version: string) {
  if (version !== BUILT_IN && !state.releases.some((release) => release.version === version)) {
    throw new NotFoundError(`${remote} ${version} was never published`, 'RELEASE_NOT_FOUND');
  }
}

function switchLive(data: RegistryData, change: Change, version: string, action: 'publish' | 'use') {
  const state = stateOf(data, change.remote);
  const from = state.live;
  if (from !== version) state.previous.push(from);
  state.live = version;
  if (state.canary?.version === version) state.canary = null;
  record(data, change, { action, version, from });
}

/**
 * Adds a release. Versions are immutable: the same version may be published again only with the
 * same entry. Goes live at once unless `canaryPercent` sends it to that share of visitors first.
 */
export function publishRelease(
  data: RegistryData,
  change: Change,
  release: Omit<RemoteRelease, 'publishedAt' | 'publishedBy'>,
  canaryPercent?: number,
): void {
  const state = stateOf(data, change.remote);
  if (release.version === BUILT_IN) throw new BadRequestError(`"${BUILT_IN}" is reserved`, 'INVALID_VERSION');
  const existing = state.releases.find((known) => known.version === release.version);
  if (existing && existing.entry !== release.entry) {
    throw new ConflictError(
      `${change.remote} ${release.version} is already published at ${existing.entry}; publish a new version`,
      'VERSION_EXISTS',
    );
  }
  if (!existing) {
    state.releases.push({
      ...release,
      publishedAt: (change.at ?? new Date()).toISOString(),
      publishedBy: change.by,
    });
  }
  if (canaryPercent === undefined) switchLive(data, change, release.version, 'publish');
  else startCanary(data, change, release.version, canaryPercent);
}

/** Makes a published version (or the built-in one) live for everyone. */
export function useRelease(data: RegistryData, change: Change, version: string): void {
  requireRelease(stateOf(data, change.remote), change.remote, version);
  switchLive(data, change, version, 'use');
}

/** Returns to the version that was live before the current one, and stops any canary. */
export function rollbackRelease(data: RegistryData, change: Change): string {
  const state = stateOf(data, change.remote);
  const version = state.previous.pop();
  if (version === undefined) {
    throw new ConflictError(
      `${change.remote} has no earlier version to roll back to`,
      'NOTHING_TO_ROLL_BACK',
    );
  }
  const from = state.live;
  state.live = version;
  state.canary = null;
  record(data, change, { action: 'rollback', version, from });
  return version;
}

/** Serves `version` to `percent`% of browsers (sticky per browser); the rest keep the live one. */
export function startCanary(data: RegistryData, change: Change, version: string, percent: number): void {
  const state = stateOf(data, change.remote);
  requireRelease(state, change.remote, version);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new BadRequestError('A canary goes to 1 to 99 percent of visitors', 'INVALID_PERCENT');
  }
  if (version === state.live)
    throw new ConflictError(`${change.remote} ${version} is already live`, 'ALREADY_LIVE');
  state.canary = { version, percent };
  record(data, change, { action: 'canary', version, from: state.live, percent });
}

export function stopCanary(data: RegistryData, change: Change): void {
  const state = stateOf(data, change.remote);
  if (!state.canary) throw new ConflictError(`${change.remote} has no canary`, 'NO_CANARY');
  record(data, change, { action: 'canary-stop', version: state.canary.version, from: state.live });
  state.canary = null;
}
