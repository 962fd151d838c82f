import { createFederatedWebpackConfig, withServerRender } from '@carmarket/shared/mf';

const dir = import.meta.dirname;
export default withServerRender(createFederatedWebpackConfig({ name: 'shell', dir }), {
  name: 'shell',
  dir,
  entry: './src/server.tsx',
  // The federation runtime is the browser's: on the server the page's remote is handed over loaded.
  alias: { 'src/remotes/remote-loader.ts': 'src/remotes/remote-loader.server.ts' },
});
