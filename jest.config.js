/** Runs every package's Jest project: `npm run test:unit` (or `npm test` for everything). */
/** @type {import('jest').Config} */
export default {
  projects: ['<rootDir>/shared', '<rootDir>/api'],
};
