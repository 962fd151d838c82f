import { createFederatedWebpackConfig } from '@carmarket/shared/mf';

export default createFederatedWebpackConfig({ name: 'shell', dir: import.meta.dirname });
