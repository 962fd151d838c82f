// The remote's public surface: one file per exposed module, under the names in `remotes` of
// @carmarket/shared (the build fails if they differ).
export default {
  name: 'mfe_account',
  exposes: {
    './DashboardPage': './src/exposes/dashboard-page.tsx',
    './ProfilePage': './src/exposes/profile-page.tsx',
    './FavoritesPage': './src/exposes/favorites-page.tsx',
    './DealerPage': './src/exposes/dealer-page.tsx',
    './ModerationPage': './src/exposes/moderation-page.tsx',
  },
};
