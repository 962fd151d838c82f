import { createFederatedWebpackConfig } from '@carmarket/shared/mf';
import federation from './module-federation.config.js';

export default createFederatedWebpackConfig({ ...federation, dir: import.meta.dirname });
