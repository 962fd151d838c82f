import { describe, expect, it } from '@jest/globals';
import { displayNameSchema, profileSchema } from './profile.js';

const valid = {
  name: 'Jane',
  phone: '512-555-1234',
  city: 'Austin',
  state: 'tx',
  emailNewListings: true,
  emailSavedSearches: false,
};

describe('profileSchema', () => {
  it.each([
    ['name', 'x'.repeat(101), 'Name must be at most 100 characters'],
    ['phone', '5125551234', 'Phone format: 123-456-7890'],
    ['state', 'Texas', 'Use 2-letter state code'],
    ['state', 'T', 'Use 2-letter state code'],
  ])('%s = %p → %s', (field, value, message) => {
    const result = profileSchema.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, message],
    ]);
  });

  it('upper-cases the state and keeps the preferences', () => {
    expect(profileSchema.parse(valid)).toEqual({ ...valid, state: 'TX' });
  });

  it('stores blank or missing optional fields as null and missing checkboxes as false', () => {
    expect(profileSchema.parse({ name: ' ', phone: '', state: '' })).toEqual({
      name: null,
      phone: null,
      city: null,
      state: null,
      emailNewListings: false,
      emailSavedSearches: false,
    });
  });
});

describe('displayNameSchema', () => {
  it.each([
    ['', 'Please enter your name'],
    ['   ', 'Please enter your name'],
    ['x'.repeat(101), 'Name must be at most 100 characters'],
  ])('%p → %s', (name, message) => {
    expect(displayNameSchema.safeParse({ name }).error?.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });

  it('keeps the name trimmed', () => {
    expect(displayNameSchema.parse({ name: '  Jane Doe ' })).toEqual({ name: 'Jane Doe' });
  });
});
