/**
 * The server's first import. React, react-dom/server, styled-components and react-query take their
 * development or production build from NODE_ENV when first loaded, and the server render loads them
 * into this process. The front ends it serves are production builds, so the render uses production
 * builds too, whatever mode the configuration is in: `npm start` runs the configuration's default,
 * development (demo data, a generated JWT secret), and its pages were rendered by development React,
 * which took 1.3-1.8 times as long (docs/benchmarks.md). Tests keep NODE_ENV=test and React's checks.
 */

/** NODE_ENV as the process was given it, for the configuration. */
export const configuredNodeEnv = process.env.NODE_ENV;

if (configuredNodeEnv !== 'test') process.env.NODE_ENV = 'production';
