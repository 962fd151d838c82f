import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FederationManifest, RemoteShortName } from '@carmarket/shared/contracts';
import type { AppConfig } from '../../config/env.js';
import {
  publishRelease,
  readRegistry,
  rollbackRelease,
  startCanary,
  stopCanary,
  updateRegistry,
  useRelease,
  type RegistryData,
  type RegistryHistoryEntry,
} from './registry-store.js';
import { resolveRelease } from './release-source.js';

/** The deploy registry's folder: registry.json and the releases published from a dist folder. */
export function registryPaths(registryDir: string) {
  return { file: path.join(registryDir, 'registry.json'), releasesDir: path.join(registryDir, 'releases') };
}

/** The operations `npm run remote` and the admin API share; `by` names who did it, for the history. */
export class RemotesService {
  private readonly file: string;
  private readonly releasesDir: string;

  constructor(
    registryDir: string,
    /** The built shell whose manifest says what the site provides to remotes (STATIC_ROOT/shell/dist). */
    private readonly shellDist: string,
  ) {
    ({ file: this.file, releasesDir: this.releasesDir } = registryPaths(registryDir));
  }

  static forConfig(config: AppConfig): RemotesService {
    return new RemotesService(config.remoteRegistryDir, path.join(config.staticRoot, 'shell', 'dist'));
  }

  /** The shell's manifest, read at each publish (the shell may be redeployed meanwhile). */
  private async hostManifest(): Promise<FederationManifest | undefined> {
    try {
      return JSON.parse(
        await readFile(path.join(this.shellDist, 'mf-manifest.json'), 'utf8'),
      ) as FederationManifest;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  status(): Promise<RegistryData> {
    return readRegistry(this.file);
  }

  async history(remote?: RemoteShortName): Promise<RegistryHistoryEntry[]> {
    const { history } = await readRegistry(this.file);
    return remote ? history.filter((entry) => entry.remote === remote) : history;
  }

  /** Checks the build, then makes it live (or a canary for `canaryPercent`% of visitors). */
  async publish(
    remote: RemoteShortName,
    source: string,
    options: { by: string; version?: string; canaryPercent?: number },
  ): Promise<string> {
    const resolved = await resolveRelease(remote, source, {
      version: options.version,
      releasesDir: this.releasesDir,
      host: await this.hostManifest(),
    });
    await resolved.install();
    await updateRegistry(this.file, (data) =>
      publishRelease(data, { remote, by: options.by }, resolved.release, options.canaryPercent),
    );
    return resolved.release.version;
  }

  use(remote: RemoteShortName, version: string, by: string): Promise<void> {
    return updateRegistry(this.file, (data) => useRelease(data, { remote, by }, version));
  }

  /** Returns the version now live. */
  rollback(remote: RemoteShortName, by: string): Promise<string> {
    return updateRegistry(this.file, (data) => rollbackRelease(data, { remote, by }));
  }

  canary(remote: RemoteShortName, version: string, percent: number, by: string): Promise<void> {
    return updateRegistry(this.file, (data) => startCanary(data, { remote, by }, version, percent));
  }

  stopCanary(remote: RemoteShortName, by: string): Promise<void> {
    return updateRegistry(this.file, (data) => stopCanary(data, { remote, by }));
  }
}
