import path from 'node:path';
import type { Configuration } from 'webpack';
import {
  SERVER_RENDER_FILE,
  SERVER_RENDER_MODULES,
  SERVER_RENDER_MODULES_GLOBAL,
} from '../contracts/server-render.js';
import type { FederatedAppName } from './apps.js';
import { swcOptions } from './webpack-config.js';

type ConfigFunction = (env: { standalone?: boolean }, argv: { mode?: string }) => Configuration;

const provided = new Set<string>(SERVER_RENDER_MODULES);

/**
 * The node build a front end's server render runs (docs/architecture.md, "Server-rendered first
 * view"): `entry` built as an ES module into `dist/server/render.js`, after the browser build (which
 * cleans dist), with the shared libraries read from the server process (SERVER_RENDER_MODULES).
 */
function serverRenderConfig(
  name: FederatedAppName,
  dir: string,
  entry: string,
  alias: Record<string, string>,
): Configuration {
  return {
    name: `${name}-server`,
    dependencies: [name],
    context: dir,
    mode: 'production',
    target: 'node20',
    entry: { render: entry },
    experiments: { outputModule: true },
    output: {
      path: path.join(dir, 'dist', path.dirname(SERVER_RENDER_FILE)),
      filename: path.basename(SERVER_RENDER_FILE),
      library: { type: 'module' },
      chunkFormat: 'module',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: Object.fromEntries(
        Object.entries(alias).map(([from, to]) => [path.join(dir, from), path.join(dir, to)]),
      ),
    },
    module: {
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions } },
      ],
    },
    externalsType: 'var',
    externals: ({ request }, callback) =>
      request && provided.has(request)
        ? callback(undefined, `globalThis.${SERVER_RENDER_MODULES_GLOBAL}[${JSON.stringify(request)}]`)
        : callback(),
    // Read by the server, never sent to a browser: kept readable for its stack traces.
    optimization: { minimize: false },
    devtool: false,
    performance: { hints: false },
  };
}

export interface ServerRenderOptions {
  name: FederatedAppName;
  dir: string;
  /** The server build's entry ('./src/server.tsx'). */
  entry: string;
  /** Source files replaced by a server version in that build, both relative to `dir`. */
  alias?: Record<string, string>;
}

/**
 * A front end's webpack config plus, for a production build of the site (not the standalone page
 * nor a dev server), its server render build from `entry`.
 */
export function withServerRender(
  browserConfig: ConfigFunction,
  { name, dir, entry, alias = {} }: ServerRenderOptions,
) {
  return (env: { standalone?: boolean }, argv: { mode?: string }): Configuration | Configuration[] => {
    const browser = browserConfig(env, argv);
    if (argv.mode === 'development' || env.standalone) return browser;
    return [browser, serverRenderConfig(name, dir, entry, alias)];
  };
}
