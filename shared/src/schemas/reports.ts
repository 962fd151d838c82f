// Reports on a listing or a message (issue 17): a reason from the list, and optional words.
import { z } from 'zod/mini';
import { REPORT_REASONS } from '../constants/enums.js';
import { REPORT_DETAILS_MAX_LENGTH } from '../constants/limits.js';
import { enumField, safeText } from './fields.js';

export const reportPayloadSchema = z.object({
  reason: enumField(REPORT_REASONS, 'Please choose a reason'),
  details: z.pipe(
    z.optional(
      safeText().check(
        z.trim(),
        z.maxLength(
          REPORT_DETAILS_MAX_LENGTH,
          `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
        ),
      ),
    ),
    z.transform((value) => value || undefined),
  ),
});
export type ReportPayloadInput = z.input<typeof reportPayloadSchema>;
export type ReportPayload = z.output<typeof reportPayloadSchema>;
