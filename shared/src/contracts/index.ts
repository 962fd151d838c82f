export type * from './entities.js';
export * from './realtime-events.js';
export * from './routes.js';
export * from './remotes.js';
export * from './query-keys.js';
export * from './search-url.js';
