import { randomInt } from 'node:crypto';
import { REMOTE_SHORT_NAMES, remotes, type RemoteShortName } from '@carmarket/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WatchedFile } from '../../storage/watched-file.js';
import { BUILT_IN, readRegistry, type RegistryData, type RemoteState } from './registry-store.js';

/** What the shell registers with the federation runtime (GET /remotes.json). */
export interface RemotesManifest {
  remotes: { name: string; entry: string; version: string }[];
}

/** Canary stickiness: each browser keeps one bucket (0–99); buckets below a canary's percent get it. */
export const BUCKET_COOKIE = 'carmarket_bucket';
const BUCKET_MAX_AGE_S = 365 * 24 * 3600;
// Page loads see a switch within this time (the issue asks for 5 s); one stat per interval at most.
const RECHECK_MS = 1_000;

export const builtInEntry = (short: RemoteShortName) => `/remotes/${short}/mf-manifest.json`;

function readBucket(request: FastifyRequest): number | undefined {
  const match = new RegExp(`(?:^|;\\s*)${BUCKET_COOKIE}=(\\d{1,2})(?:;|$)`).exec(
    request.headers.cookie ?? '',
  );
  return match ? Number(match[1]) : undefined;
}

/** The origin of an absolute URL; undefined for a path on this site. */
export function originOf(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : undefined;
}

/**
 * The server's view of the deploy registry file: re-read when it changes (checked at most once a
 * second), so a switch reaches new page loads without a restart. Open pages keep what they loaded.
 */
export class RemoteRegistry {
  private readonly registry: WatchedFile<RegistryData>;
  private readonly builtInOverrides: Partial<Record<RemoteShortName, string>>;

  constructor(
    readonly file: string,
    options: {
      /** REMOTE_<SHORT>_URL: where a remote's built-in release lives when not on this server. */
      builtInOverrides?: Partial<Record<RemoteShortName, string>>;
      recheckMs?: number;
      onError?: (error: unknown) => void;
    } = {},
  ) {
    this.builtInOverrides = options.builtInOverrides ?? {};
    this.registry = new WatchedFile(
      file,
      (path) => readRegistry(path),
      { remotes: {}, history: [] },
      options.recheckMs ?? RECHECK_MS,
      options.onError,
    );
  }

  /** Picks up a changed file; a broken file keeps the last good state (and is reported). */
  refresh(): Promise<void> {
    return this.registry.refresh();
  }

  private entryOf(short: RemoteShortName, state: RemoteState | undefined, version: string): string {
    const release = state?.releases.find((known) => known.version === version);
    return release?.entry ?? this.builtInOverrides[short] ?? builtInEntry(short);
  }

  /**
   * The remotes map for one request, canary included. Gives the browser a bucket cookie the first
   * time, so it keeps the same side of a canary on every reload. Server rendering inlines this.
   */
  async remotesFor(request: FastifyRequest, reply: FastifyReply): Promise<RemotesManifest> {
    await this.refresh();
    let bucket = readBucket(request);
    if (bucket === undefined) {
      bucket = randomInt(100);
      reply.header(
        'set-cookie',
        `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_MAX_AGE_S}; SameSite=Lax; HttpOnly`,
      );
    }
    return {
      remotes: REMOTE_SHORT_NAMES.map((short) => {
        const state = this.registry.value.remotes[short];
        const canary = state?.canary;
        const version = canary && bucket < canary.percent ? canary.version : (state?.live ?? BUILT_IN);
        return { name: remotes[short].name, entry: this.entryOf(short, state, version), version };
      }),
    };
  }

  /** Every origin a live or canary release is fetched from: what the CSP must allow. */
  remoteOrigins(): string[] {
    const origins = new Set<string>();
    for (const url of Object.values(this.builtInOverrides)) {
      const origin = originOf(url);
      if (origin) origins.add(origin);
    }
    for (const state of Object.values(this.registry.value.remotes)) {
      const serving = [state.live, state.canary?.version];
      for (const release of state.releases) {
        if (serving.includes(release.version)) release.origins.forEach((origin) => origins.add(origin));
      }
    }
    return [...origins];
  }
}
