import {
  contactLocationSchema,
  listingDetailsSchema,
  vehicleDetailsSchema,
  vehicleInfoSchema,
  type ListingWizardValues,
} from '@carmarket/shared/schemas';
import { STEPS, type ListingDraft } from './listing-draft';

export type ListingValues = ListingWizardValues;

export type ParsedDraft = { valid: true; values: ListingValues } | { valid: false; step: number };

/**
 * The draft's steps through their schemas once more before the review: a draft restored from
 * storage may have skipped a step's Next. An invalid step is reported so the wizard can go there.
 */
export function parseDraft(draft: ListingDraft): ParsedDraft {
  const vehicleInfo = vehicleInfoSchema.safeParse(draft.vehicleInfo);
  if (!vehicleInfo.success) return { valid: false, step: STEPS.indexOf('Vehicle Info') };
  const vehicleDetails = vehicleDetailsSchema.safeParse(draft.vehicleDetails);
  if (!vehicleDetails.success) return { valid: false, step: STEPS.indexOf('Vehicle Details') };
  const listingDetails = listingDetailsSchema.safeParse(draft.listingDetails);
  if (!listingDetails.success) return { valid: false, step: STEPS.indexOf('Listing Details') };
  const contactLocation = contactLocationSchema.safeParse(draft.contactLocation);
  if (!contactLocation.success) return { valid: false, step: STEPS.indexOf('Contact & Location') };
  return {
    valid: true,
    values: {
      vehicleInfo: vehicleInfo.data,
      vehicleDetails: vehicleDetails.data,
      listingDetails: listingDetails.data,
      contactLocation: contactLocation.data,
    },
  };
}
