// GET /api/listings/deal-rating-preview: where a price would land before the listing exists (the
// wizard's review step and the editor), from the car's facts as the wizard has them.
import { z } from 'zod/mini';
import { CONDITIONS, TITLE_STATUSES } from '../constants/enums.js';
import { ZIP_PATTERN } from '../constants/limits.js';
import { safeText } from './fields.js';

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .check(
      z.int(`${name} must be a whole number`),
      z.minimum(min, `${name} must be at least ${min}`),
      z.maximum(max, `${name} must be at most ${max}`),
    );

export const dealRatingPreviewQuerySchema = z.strictObject({
  make: safeText({ error: 'Make is required' }).check(
    z.trim(),
    z.minLength(1, 'Make is required'),
    z.maxLength(100, 'Make is too long'),
  ),
  model: safeText({ error: 'Model is required' }).check(
    z.trim(),
    z.minLength(1, 'Model is required'),
    z.maxLength(100, 'Model is too long'),
  ),
  year: whole('Year', 1900, 2100),
  mileage: whole('Mileage', 0, 10_000_000),
  condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
  titleStatus: z.enum(TITLE_STATUSES, { error: 'Title status is required' }),
  price: whole('Price', 1, 10_000_000),
  zipCode: safeText({ error: 'zipCode must be 5 digits' }).check(
    z.regex(ZIP_PATTERN, 'zipCode must be 5 digits'),
  ),
});
export type DealRatingPreviewQuery = z.output<typeof dealRatingPreviewQuerySchema>;
