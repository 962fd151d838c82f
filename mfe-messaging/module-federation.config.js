// The remote's public surface: one file per exposed module, under the names in `remotes` of
// @carmarket/shared (the build fails if they differ).
export default {
  name: 'mfe_messaging',
  exposes: {
    './MessagesPage': './src/exposes/messages-page.tsx',
  },
};
