import type { User } from '../contracts/entities.js';

export const testUser: User = {
  _id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  email: 'jane@example.com',
  name: 'Jane',
  phone: null,
  city: 'Austin',
  state: 'TX',
  emailNewListings: true,
  emailSavedSearches: false,
  role: 'private',
  createdAt: '2026-03-05T12:00:00.000Z',
  firstSignIn: false,
};
