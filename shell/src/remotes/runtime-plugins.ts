import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryError>[0];

/**
 * Fetches for the federation runtime. Rides out a remote that is being redeployed or a flaky network: the manifest fetch and the
 * remoteEntry.js script are tried again a few times, with a growing pause, before the failure reaches
 * the RemoteBoundary. Kept short (under a second in all) so a remote that is really down shows its
 * fallback quickly.
 */
export function retryPlugin({
  retries = 2,
  delayMs = 300,
  alreadyFetched = new Map<string, string>(),
} = {}): ModuleFederationRuntimePlugin {
  return {
    name: 'carmarket-retry',
    async fetch(url, init) {
      // A manifest the shell has just read (to check the remote's needs) is not fetched again.
      const absolute = new URL(url, document.baseURI).href;
      const body = alreadyFetched.get(absolute);
      if (body !== undefined) {
        alreadyFetched.delete(absolute);
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      }
      let failure: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) await wait(delayMs * attempt);
        try {
          const response = await fetch(url, init);
          if (response.ok) return response;
          failure = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          failure = error;
        }
      }
      throw failure;
    },
    // The hook's declared type nests the result in a second promise; the runtime awaits whatever
    // comes back, so a plain promise of the entry is what it expects in practice.
    loadEntryError: ((args: LoadEntryErrorArgs) => reloadEntry(args, retries, delayMs)) as LoadEntryError,
  };
}

async function reloadEntry(
  { getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }: LoadEntryErrorArgs,
  retries: number,
  delayMs: number,
) {
  for (let attempt = 1; attempt <= retries; attempt += 1) {
    await wait(delayMs * attempt);
    // The failed attempt is still registered as loading; forget it, or the retry would await it.
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo });
      if (entry) return entry;
    } catch {
      // Try again until the attempts run out; the runtime then reports the original failure.
    }
  }
  return undefined;
}

/**
 * Reports a remote that could not be loaded, once, with its id. It deliberately returns no substitute
 * module: the failure must reach the RemoteBoundary around the mount, which shows the contained
 * fallback with Retry while the rest of the site keeps working.
 */
export function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'carmarket-remote-errors',
    errorLoadRemote({ id, lifecycle, error }) {
      // The manifest step reports first and the runtime reports the same failure again at 'onLoad'.
      if (lifecycle === 'onLoad') console.error(`Remote module ${id} is unavailable`, error);
    },
  };
}

/**
 * Loads each remoteEntry.js with crossorigin: a remote served from another origin (with CORS, see
 * "Deploying a remote") then reports its real error when it fails, not an opaque "Script error.".
 */
export function crossOriginScriptsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'carmarket-cross-origin-scripts',
    createScript({ url, attrs = {} }) {
      const script = document.createElement('script');
      script.src = url;
      script.crossOrigin = 'anonymous';
      for (const [name, value] of Object.entries(attrs)) {
        if (name === 'async' || name === 'defer') script[name] = Boolean(value);
        else script.setAttribute(name, String(value));
      }
      return script;
    },
  };
}
