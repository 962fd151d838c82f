import { REMOTES_ELEMENT_ID, remoteIncompatibilities, type FederationManifest } from '@carmarket/shared';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { crossOriginScriptsPlugin, remoteErrorPlugin, retryPlugin } from './runtime-plugins';

interface RemotesManifest {
  remotes: { name: string; entry: string; version?: string }[];
}

// Manifests read by the compatibility check, handed to the runtime's own fetch of the same file.
const fetchedManifests = new Map<string, string>();
registerPlugins([
  retryPlugin({ alreadyFetched: fetchedManifests }),
  remoteErrorPlugin(),
  crossOriginScriptsPlugin(),
]);

let registration: Promise<Map<string, string>> | undefined;

/** The map the server put into index.html for this page load, once: a retry asks the server again. */
function takeInlinedRemotes(): RemotesManifest | null {
  const element = document.getElementById(REMOTES_ELEMENT_ID);
  element?.remove();
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as RemotesManifest) : null;
  } catch {
    return null;
  }
}

async function fetchRemotes(): Promise<RemotesManifest> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  return (await response.json()) as RemotesManifest;
}

async function registerFromManifest(): Promise<Map<string, string>> {
  const { remotes } = takeInlinedRemotes() ?? (await fetchRemotes());
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
  return new Map(remotes.map(({ name, entry }) => [name, entry]));
}

/**
 * Reads the remotes map once per page (inlined in index.html, else /remotes.json) and registers every remote with the federation runtime. Remote
 * URLs are never built into the shell, so a remote is redeployed by replacing its files alone. A
 * failed read is forgotten, so the next attempt (Retry) reads the manifest again.
 */
export function registerRemotesOnce(): Promise<Map<string, string>> {
  registration ??= registerFromManifest().catch((error: unknown) => {
    registration = undefined;
    throw error;
  });
  return registration;
}

/** A remote whose needs this page cannot meet; its boundary shows the fallback. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
}

async function fetchManifestText(url: string): Promise<string> {
  // This site's manifests are sent with `no-cache`, so the default mode revalidates them and can use
  // the copy index.html preloaded; another host's caching is not known, so theirs always revalidate.
  const sameOrigin = new URL(url, document.baseURI).origin === window.location.origin;
  const response = await fetch(url, { cache: sameOrigin ? 'default' : 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

const fetchManifest = async (url: string) => JSON.parse(await fetchManifestText(url)) as FederationManifest;

/** A remote's manifest, kept for the runtime, which reads it next to load the remote. */
async function fetchRemoteManifest(url: string): Promise<FederationManifest> {
  const text = await fetchManifestText(url);
  fetchedManifests.set(url, text);
  return JSON.parse(text) as FederationManifest;
}

// The shell's own manifest: the shared versions and the federation runtime this page provides.
let hostManifest: Promise<FederationManifest> | undefined;
const compatible = new Map<string, Promise<void>>();

/**
 * Checks a remote's mf-manifest.json against the shell's before any of its code runs: a remote
 * built against a newer @carmarket/shared or federation runtime than the page has would crash
 * inside it (a missing export), so it is refused with a console message naming what it needs.
 */
function checkCompatibility(name: string, entry: string): Promise<void> {
  let check = compatible.get(entry);
  if (!check) {
    hostManifest ??= fetchManifest('/mf-manifest.json').catch((error: unknown) => {
      hostManifest = undefined;
      throw error;
    });
    check = Promise.all([fetchRemoteManifest(entry), hostManifest]).then(([remote, host]) => {
      const problems = remoteIncompatibilities(remote, host);
      if (problems.length === 0) return;
      const message = `Remote ${name} (${entry}) is not mounted: it ${problems.join('; it ')}`;
      console.error(message);
      throw new IncompatibleRemoteError(message);
    });
    // A failed fetch is tried again on Retry; an incompatible remote stays refused until reload.
    check.catch((error: unknown) => {
      if (!(error instanceof IncompatibleRemoteError)) compatible.delete(entry);
    });
    compatible.set(entry, check);
  }
  return check;
}

/** Loads an exposed component, e.g. 'mfe_search/SearchPage', for React.lazy. */
export async function loadRemoteComponent(id: string): Promise<{ default: ComponentType }> {
  const entries = await registerRemotesOnce();
  const name = id.split('/')[0] ?? id;
  const entry = entries.get(name);
  if (entry) await checkCompatibility(name, new URL(entry, document.baseURI).href);
  const module = await loadRemote<{ default?: ComponentType }>(id);
  if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
  return { default: module.default };
}
