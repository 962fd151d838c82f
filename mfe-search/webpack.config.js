import { createFederatedWebpackConfig, withServerRender } from '@carmarket/shared/mf';
import federation from './module-federation.config.js';

const dir = import.meta.dirname;
export default withServerRender(createFederatedWebpackConfig({ ...federation, dir }), {
  name: federation.name,
  dir,
  entry: './src/server.tsx',
});
