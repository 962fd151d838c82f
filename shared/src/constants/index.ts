export * from './limits.js';
export * from './enums.js';
