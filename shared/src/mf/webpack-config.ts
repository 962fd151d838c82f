import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { apiDevPort, devPort, devRemotesManifest, findRemote, type FederatedAppName } from './apps.js';
import { createSharedConfig } from './shared-config.js';
import { withBrowserStandIns } from './browser-stand-ins.js';

export interface FederatedAppOptions {
  /** 'shell' for the host, otherwise the remote's Module Federation name (e.g. 'mfe_search'). */
  name: FederatedAppName;
  /** The app's directory: `import.meta.dirname` of its webpack.config.js. */
  dir: string;
  /** A remote's public surface, `{ './SearchPage': './src/exposes/search-page.tsx' }`: exactly the
   * modules `remotes` in @carmarket/shared promises. */
  exposes?: Record<string, string>;
}

const externalRuntimeProvider = '@module-federation/inject-external-runtime-core-plugin';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports only its development build (warnings and checks, about 31 KB gzip
 * more); the production build sits beside it under the same module names.
 */
function reactRouterProductionBuild(): Record<string, string> {
  const devIndex = require.resolve('react-router');
  const production = (file: string) => path.join(devIndex, '..', '..', 'production', file);
  return {
    'react-router$': production('index.mjs'),
    'react-router/dom$': production('dom-export.mjs'),
  };
}

const hasContentHash = (chunk: { contentHash?: Record<string, string> }) =>
  Boolean(chunk.contentHash?.javascript);

// Text files the server sends precompressed (docs/architecture.md, "Caching and compression").
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/** Brotli and gzip copies (best compression) of every text file, beside it for the server to pick. */
const precompressionPlugins = () => [
  new CompressionPlugin({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: COMPRESSIBLE,
    threshold: 0,
    minRatio: 1,
  }),
  new CompressionPlugin({
    filename: '[path][base].gz',
    algorithm: 'gzip',
    test: COMPRESSIBLE,
    threshold: 0,
    minRatio: 1,
  }),
];

interface WebpackArgv {
  mode?: string;
}

/** `webpack --env standalone`: a remote's standalone page as a production build (standalone-remote.mjs). */
interface WebpackEnv {
  standalone?: boolean;
}

/** Where `webpack --mode production --env standalone` writes a remote's standalone page. */
export const standaloneDistDir = 'dist-standalone';

/** The shell loads `mfe_x/Page` by the names in the shared contract; a renamed expose must fail the build. */
function assertContractExposes(name: Exclude<FederatedAppName, 'shell'>, exposes: Record<string, string>) {
  const promised = Object.values(findRemote(name).exposes).sort();
  const actual = Object.keys(exposes).sort();
  if (promised.join() !== actual.join()) {
    throw new Error(
      `${name} must expose ${promised.join(', ')} (remotes in @carmarket/shared), not ${actual.join(', ')}`,
    );
  }
}

// The production JSX runtime in every mode (swc-loader would pick the development one from the mode):
// a development remote mounted in the production site gets the site's production React, which the
// development runtime (react/jsx-dev-runtime) cannot run on. The styled-components plugin names each
// component by its file and place (not by the order components were defined on the page), so the
// server build and the browser build give an element the same class and the page hydrates.
export const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic', development: false } },
    target: 'es2022',
    experimental: {
      plugins: [['@swc/plugin-styled-components', { displayName: false, ssr: true }]],
    },
  },
};

/**
 * The webpack config of every front end: the shell (host) and the five remotes differ only in name,
 * port and exposes. Returned as a function of the CLI mode so `webpack --mode production` builds and
 * `webpack serve --mode development` serves with hot reload.
 */
export function createFederatedWebpackConfig({ name, dir, exposes = {} }: FederatedAppOptions) {
  const isHost = name === 'shell';
  if (!isHost) assertContractExposes(name, exposes);

  return (env: WebpackEnv, argv: WebpackArgv): Configuration => {
    const production = argv.mode !== 'development';
    // A remote's standalone page (bootstrap.tsx with the providers the shell would give) runs its own
    // federation runtime and its own copies of the shared libraries: it is the page in development,
    // and a separate production build for review.
    const standalonePage = !isHost && (!production || Boolean(env.standalone));

    const devServer: DevServerConfiguration = {
      port: devPort(name),
      // Live reload rather than HMR: without React Refresh an update reloads the page anyway, and a
      // remote's hot-update chunks cannot be applied inside the shell's page (another runtime).
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      static: false,
      proxy: [{ context: ['/api', '/socket.io'], target: `http://localhost:${apiDevPort}`, ws: true }],
      // A stopped remote must show the shell's contained fallback, not a full-screen overlay.
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      ...(isHost
        ? {
            // The production server writes /remotes.json; in development every remote is its own dev server.
            setupMiddlewares: (middlewares) => [
              {
                name: 'dev-remotes-manifest',
                path: '/remotes.json',
                middleware: (req: { hostname: string }, res: { json(body: unknown): void }) =>
                  res.json(devRemotesManifest(req.hostname)),
              },
              ...middlewares,
            ],
          }
        : // The shell on another port fetches mf-manifest.json with CORS.
          { headers: { 'Access-Control-Allow-Origin': '*' } }),
    };

    return {
      name,
      context: dir,
      target: ['web', 'es2022'],
      // A remote's production build is the container alone, unless its standalone page is asked for.
      entry: isHost || standalonePage ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, production && standalonePage ? standaloneDistDir : 'dist'),
        // A remote's container (remoteEntry.js) keeps a stable name; the shell's page entry, named
        // by the revalidated index.html, carries its content hash so it is cached for good. The
        // federation runtime asks for this name before the hash exists, only to learn the file's
        // folder, so it is given the unhashed name then (a plain '[contenthash]' fails there).
        filename: (pathData) =>
          isHost && production && pathData.chunk?.name === 'main' && hasContentHash(pathData.chunk)
            ? '[name].[contenthash:8].js'
            : '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        // The shell serves client routes at any depth; a remote is served wherever its files are.
        publicPath: isHost ? '/' : 'auto',
        // Chunks load with crossorigin, so a remote on another origin (with CORS) reports its real
        // errors instead of "Script error.".
        crossOriginLoading: 'anonymous',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        alias: production ? reactRouterProductionBuild() : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions },
          },
          {
            // Files index.html requires from public/ (favicon, the theme and start scripts) are emitted
            // under their own names. No content hash: the minifier rewrites the script after the
            // HTML has named it, which would leave the page pointing at a stale hash.
            include: path.join(dir, 'public'),
            type: 'asset/resource',
            generator: { filename: '[name][ext]' },
          },
        ],
      },
      cache: {
        type: 'filesystem',
        // Its own cache beside the site's build of the same remote, which it would otherwise evict.
        name: `${name}-${argv.mode ?? 'production'}${production && standalonePage ? '-standalone' : ''}`,
        buildDependencies: {
          config: [path.join(dir, 'webpack.config.js'), `${path.dirname(fileURLToPath(import.meta.url))}/`],
        },
      },
      // Never an eval devtool: the site's CSP has no 'unsafe-eval', and a development remote must run
      // inside the production site (docs/architecture.md, "A remote's dev server in the site").
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      optimization: {
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            terserOptions: { compress: true, mangle: true },
          }),
        ],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          shared: createSharedConfig(dir),
          // Reuse whatever copy of a singleton is already on the page instead of fetching every
          // remote's entry at start to compare versions.
          shareStrategy: 'loaded-first',
          // What `experiments.provideExternalRuntime` adds, but the ESM build of the plugin: the CommonJS
          // one pulls a second, CommonJS copy of the runtime into the shell's first chunk.
          ...(isHost
            ? { runtimePlugins: [fileURLToPath(import.meta.resolve(externalRuntimeProvider))] }
            : {}),
          manifest: true,
          dts: false,
          experiments: {
            // The federation runtime is about 20 KB gzip. In production the shell provides it to the
            // remotes, which keeps each remoteEntry.js small; a standalone page bundles its own.
            ...(isHost ? {} : { externalRuntime: !standalonePage }),
            // Remotes never load other remotes or manifests; only the shell needs that code.
            optimization: {
              target: 'web',
              ...(isHost ? {} : { disableRemote: true, disableSnapshot: true }),
            },
          },
        }),
        ...(isHost || standalonePage
          ? // Absolute script URLs: the page is also served for nested client routes (/listing/1).
            // The shell's page starts its scripts itself (public/start-shell.js), after its first photo.
            [
              new HtmlWebpackPlugin({
                template: './index.html',
                chunks: ['main'],
                publicPath: '/',
                inject: !isHost,
              }),
            ]
          : []),
        withBrowserStandIns,
        ...(production && !standalonePage ? precompressionPlugins() : []),
      ],
      devServer,
    };
  };
}
