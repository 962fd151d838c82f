/**
 * Node-only helpers for the front ends' webpack configs (`@carmarket/shared/mf`). Never imported by
 * browser code.
 */
export { createSharedConfig, type SharedSingleton } from './shared-config.js';
export {
  createFederatedWebpackConfig,
  standaloneDistDir,
  type FederatedAppOptions,
} from './webpack-config.js';
export { withServerRender, type ServerRenderOptions } from './server-render-config.js';
export {
  apiDevPort,
  devPort,
  devRemotesManifest,
  shellDevPort,
  type FederatedAppName,
  type RemotesManifest,
} from './apps.js';
