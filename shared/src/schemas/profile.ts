// 'My Profile' form and PUT /auth/profile. Blank optional fields are stored as null, so a PUT
// replaces the whole profile (email is read-only and not part of it).
import { z } from 'zod/mini';
import { NAME_MAX, PHONE_PATTERN, STATE_CODE_PATTERN } from '../constants/limits.js';
import { flag, optionalPattern, optionalText, requiredText } from './fields.js';

const NAME_TOO_LONG = `Name must be at most ${NAME_MAX} characters`;

export const profileSchema = z.object({
  name: z.pipe(optionalText(), z.nullable(z.string().check(z.maxLength(NAME_MAX, NAME_TOO_LONG)))),
  phone: optionalPattern(PHONE_PATTERN, 'Phone format: 123-456-7890'),
  city: optionalText(),
  state: z.pipe(
    optionalPattern(STATE_CODE_PATTERN, 'Use 2-letter state code'),
    z.transform((value) => value?.toUpperCase() ?? null),
  ),
  emailNewListings: flag(),
  emailSavedSearches: flag(),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/**
 * The one-field name prompt (issue 15) and PUT /auth/profile/name: asked of a user without a name
 * before their first message or listing, so here the name is required.
 */
export const displayNameSchema = z.object({
  name: requiredText('Please enter your name').check(z.maxLength(NAME_MAX, NAME_TOO_LONG)),
});
export type DisplayNameInput = z.input<typeof displayNameSchema>;
