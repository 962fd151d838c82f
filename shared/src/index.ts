// Browser runtime entry of @carmarket/shared. Schemas and UI have their own entry points
// (@carmarket/shared/schemas, /ui) so that each module exists once per page under Module Federation.
export * from './contracts/index.js';
export * from './constants/index.js';
export * from './format/index.js';
