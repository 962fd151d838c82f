export type * from './entities.js';
export * from './realtime-events.js';
export * from './routes.js';
export * from './remotes.js';
export * from './query-keys.js';
export * from './search-url.js';
export * from './listing-visibility.js';
export * from './deal-rating.js';
export * from './remote-compatibility.js';
