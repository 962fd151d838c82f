export * from './auth.js';
export * from './listing.js';
export * from './photos.js';
export * from './messages.js';
export * from './profile.js';
export * from './search.js';
export {
  numberField,
  optionalNumberField,
  requiredText,
  optionalText,
  optionalPattern,
  enumField,
} from './fields.js';
