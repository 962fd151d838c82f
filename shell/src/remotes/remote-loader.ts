import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { remoteErrorPlugin, retryPlugin } from './runtime-plugins';

interface RemotesManifest {
  remotes: { name: string; entry: string }[];
}

registerPlugins([retryPlugin(), remoteErrorPlugin()]);

let registration: Promise<void> | undefined;

async function registerFromManifest(): Promise<void> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const { remotes } = (await response.json()) as RemotesManifest;
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
}

/**
 * Reads /remotes.json once per page and registers every remote with the federation runtime. Remote
 * URLs are never built into the shell, so a remote is redeployed by replacing its files alone. A
 * failed read is forgotten, so the next attempt (Retry) reads the manifest again.
 */
export function registerRemotesOnce(): Promise<void> {
  registration ??= registerFromManifest().catch((error: unknown) => {
    registration = undefined;
    throw error;
  });
  return registration;
}

/** Loads an exposed component, e.g. 'mfe_search/SearchPage', for React.lazy. */
export async function loadRemoteComponent(id: string): Promise<{ default: ComponentType }> {
  await registerRemotesOnce();
  const module = await loadRemote<{ default?: ComponentType }>(id);
  if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
  return { default: module.default };
}
