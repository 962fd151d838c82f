import { remotes, type RemoteName } from '../contracts/remotes.js';

export type FederatedAppName = 'shell' | RemoteName;

/** Development ports besides the remotes' own (docs/architecture.md). */
export const shellDevPort = 3000;
export const apiDevPort = 4000;

const remoteList = Object.values(remotes);

export function findRemote(name: RemoteName) {
  const remote = remoteList.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`Unknown remote ${name}`);
  return remote;
}

export function devPort(name: FederatedAppName): number {
  return name === 'shell' ? shellDevPort : findRemote(name).devPort;
}

/** The runtime manifest the shell reads at start; same shape as the production `/remotes.json`. */
export interface RemotesManifest {
  remotes: { name: RemoteName; entry: string }[];
}

/** `/remotes.json` in development, where every remote is its own dev server. */
export function devRemotesManifest(hostname: string): RemotesManifest {
  return {
    remotes: remoteList.map(({ name, devPort: port }) => ({
      name,
      entry: `http://${hostname}:${port}/mf-manifest.json`,
    })),
  };
}
