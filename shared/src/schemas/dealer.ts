// "Become a dealer" on the profile and PUT /dealers/me: the business a dealer's listings are sold by.
import { z } from 'zod/mini';
import { BUSINESS_NAME_MAX, PHONE_PATTERN, STREET_MAX, WEBSITE_MAX } from '../constants/limits.js';
import { optionalText, requiredText } from './fields.js';
import { addressFields } from './listing.js';

const website = z.pipe(
  optionalText(),
  z.nullable(
    z.string().check(
      z.maxLength(WEBSITE_MAX, `Website must be at most ${WEBSITE_MAX} characters`),
      z.refine(
        (value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value),
        'Website must start with http:// or https://',
      ),
    ),
  ),
);

export const dealerProfileSchema = z.object({
  businessName: requiredText('Business name is required').check(
    z.maxLength(BUSINESS_NAME_MAX, `Business name must be at most ${BUSINESS_NAME_MAX} characters`),
  ),
  street: requiredText('Street address is required').check(
    z.maxLength(STREET_MAX, `Street address must be at most ${STREET_MAX} characters`),
  ),
  ...addressFields,
  phone: requiredText('Phone is required').check(z.regex(PHONE_PATTERN, 'Phone format: 123-456-7890')),
  website,
});
export type DealerProfileInput = z.input<typeof dealerProfileSchema>;
export type DealerProfile = z.output<typeof dealerProfileSchema>;
