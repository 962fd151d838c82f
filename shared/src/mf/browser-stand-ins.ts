import { fileURLToPath } from 'node:url';
import type { Compiler } from 'webpack';

const standIn = (file: string) => fileURLToPath(new URL(`../stand-ins/${file}`, import.meta.url));

/**
 * Modules of shared libraries that never run on the site, with what the browser builds bundle in
 * their place: each library imports them all, and a shared singleton loads whole. The libraries'
 * own packages do the same for Node-only modules (the "browser" field of their package.json).
 */
export const browserStandIns: readonly { module: RegExp; standIn: string }[] = [
  // axios tries its 'xhr' adapter first, which every browser has (axios 20.6 -> 16.5 KB gzip).
  { module: /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/, standIn: standIn('axios-fetch-adapter.js') },
  // The live connection asks for transports: ['websocket'] (socket.io-client 12.7 -> 10.4 KB gzip).
  {
    module:
      /engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/](polling-xhr|polling-fetch|webtransport)\.js$/,
    standIn: standIn('engine-io-transports.js'),
  },
];

/** The browser builds' webpack plugin that swaps each module for its stand-in. */
export const withBrowserStandIns = {
  apply(compiler: Compiler) {
    for (const { module, standIn: replacement } of browserStandIns) {
      new compiler.webpack.NormalModuleReplacementPlugin(module, replacement).apply(compiler);
    }
  },
};
