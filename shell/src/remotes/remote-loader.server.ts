import type { ComponentType } from 'react';

/**
 * remote-loader in the shell's server build (webpack.config.js): the server render hands the page's
 * remote over already loaded (ServerLoadedRemotes), and the federation runtime is the browser's.
 */
export function loadRemoteComponent(id: string): Promise<{ default: ComponentType }> {
  return Promise.reject(new Error(`${id} was not loaded for the server render`));
}
