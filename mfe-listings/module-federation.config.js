// The remote's public surface: one file per exposed module, under the names in `remotes` of
// @carmarket/shared (the build fails if they differ).
export default {
  name: 'mfe_listings',
  exposes: {
    './ListingDetailPage': './src/exposes/listing-detail-page.tsx',
  },
};
