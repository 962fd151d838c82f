import { browserModuleNameMapper, jestBase } from '../jest.base.js';

/** @type {import('jest').Config} */
export default {
  ...jestBase,
  displayName: 'shared',
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testEnvironment: 'node',
  moduleNameMapper: browserModuleNameMapper,
};
