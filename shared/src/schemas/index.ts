export * from './auth.js';
export * from './dealer.js';
export * from './listing.js';
export * from './listing-import.js';
export * from './photos.js';
export * from './photo-files.js';
export * from './messages.js';
export * from './profile.js';
export * from './search.js';
export * from './reports.js';
export * from './deal-rating.js';
export {
  numberField,
  optionalNumberField,
  requiredText,
  optionalText,
  optionalPattern,
  enumField,
  NOT_TEXT_MESSAGE,
} from './fields.js';
export * from '../vin/index.js';
export { loadOnce, lazyResolver } from './load-on-use.js';
