export * from './format.js';
export * from './notifications.js';
