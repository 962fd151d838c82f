import { SELLER_ROLES } from '@carmarket/shared/constants';
import type { User } from '@carmarket/shared/contracts';
import { z } from 'zod';
import type { UserRow } from './users.repository.js';

export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    city: row.city,
    state: row.state,
    emailNewListings: row.emailNewListings,
    emailSavedSearches: row.emailSavedSearches,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    firstSignIn: row.signIns <= 1,
    isAdmin: row.isAdmin,
  };
}

/** The response shape of `User`, for serialization and the OpenAPI document. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  emailNewListings: z.boolean(),
  emailSavedSearches: z.boolean(),
  role: z.enum(SELLER_ROLES),
  createdAt: z.string(),
  firstSignIn: z.boolean(),
  isAdmin: z.boolean().optional(),
});
