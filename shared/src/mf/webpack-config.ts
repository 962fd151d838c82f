import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { apiDevPort, devPort, devRemotesManifest, findRemote, type FederatedAppName } from './apps.js';
import { createSharedConfig } from './shared-config.js';

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

interface WebpackArgv {
  mode?: string;
}

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

const swcOptions = (production: boolean) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic', development: !production } },
    target: 'es2022',
  },
});

/**
 * The webpack config of every front end: the shell (host) and the five remotes differ only in name,
 * port and exposes. Returned as a function of the CLI mode so `webpack --mode production` builds and
 * `webpack serve --mode development` serves with hot reload.
 */
export function createFederatedWebpackConfig({ name, dir, exposes = {} }: FederatedAppOptions) {
  const isHost = name === 'shell';
  if (!isHost) assertContractExposes(name, exposes);

  return (_env: unknown, argv: WebpackArgv): Configuration => {
    const production = argv.mode !== 'development';

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
      // A remote's standalone page (bootstrap.tsx with dev providers) exists only in development;
      // its production build is the container alone.
      entry: isHost || !production ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, 'dist'),
        // The federation runtime needs stable entry names; chunks carry the content hash instead.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        // The shell serves client routes at any depth; a remote is served wherever its files are.
        publicPath: isHost ? '/' : 'auto',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions(production) },
          },
          {
            // Files index.html requires from public/ (favicon, the pre-paint theme script) are emitted
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
        buildDependencies: {
          config: [path.join(dir, 'webpack.config.js'), `${path.dirname(fileURLToPath(import.meta.url))}/`],
        },
      },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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
            // remotes, which keeps each remoteEntry.js small; in development a remote bundles its own
            // so it also runs standalone.
            ...(isHost ? {} : { externalRuntime: production }),
            // Remotes never load other remotes or manifests; only the shell needs that code.
            optimization: {
              target: 'web',
              ...(isHost ? {} : { disableRemote: true, disableSnapshot: true }),
            },
          },
        }),
        ...(isHost || !production
          ? // Absolute script URLs: the page is also served for nested client routes (/listing/1).
            [new HtmlWebpackPlugin({ template: './index.html', chunks: ['main'], publicPath: '/' })]
          : []),
      ],
      devServer,
    };
  };
}
