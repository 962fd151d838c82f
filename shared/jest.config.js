import { createRequire } from 'node:module';
import path from 'node:path';
import { jestBase } from '../jest.base.js';

// Jest ignores package.json "browser" fields, so jsdom tests would get styled-components' server
// build, whose createGlobalStyle never injects on the client. Point it at the browser build, as
// webpack does.
const styledComponentsDir = path.dirname(
  createRequire(import.meta.url).resolve('styled-components/package.json'),
);

/** @type {import('jest').Config} */
export default {
  ...jestBase,
  displayName: 'shared',
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testEnvironment: 'node',
  moduleNameMapper: {
    ...jestBase.moduleNameMapper,
    '^styled-components$': path.join(styledComponentsDir, 'dist/styled-components.browser.cjs.js'),
  },
};
