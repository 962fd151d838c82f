import { DEFAULT_CONTACT_METHOD, type User } from '@carmarket/shared';
import { featureValues } from '../../components/feature-values';
import type {
  ContactLocationInput,
  ListingDetailsInput,
  VehicleDetailsInput,
  VehicleInfoInput,
} from '@carmarket/shared/schemas';

export const STEPS = [
  'Vehicle Info',
  'Vehicle Details',
  'Photos',
  'Listing Details',
  'Contact & Location',
  'Review',
] as const;

export const PHOTOS_STEP = STEPS.indexOf('Photos');
export const REVIEW_STEP = STEPS.indexOf('Review');

/** What the wizard has typed so far, as the forms hold it (strings); photos are not part of it. */
export interface ListingDraft {
  step: number;
  vehicleInfo: VehicleInfoInput;
  vehicleDetails: VehicleDetailsInput;
  listingDetails: ListingDetailsInput;
  contactLocation: ContactLocationInput;
}

/** A fresh draft; contact and location start from the seller's profile. */
export function emptyDraft(user: User | null): ListingDraft {
  return {
    step: 0,
    vehicleInfo: { year: '', make: '', model: '', trim: '', mileage: '', vin: '' },
    vehicleDetails: {
      bodyType: '',
      fuelType: '',
      transmission: '',
      drivetrain: '',
      exteriorColor: '',
      interiorColor: '',
      doors: '',
      condition: '',
      titleStatus: '',
      cityMpg: '',
      highwayMpg: '',
      combinedMpg: '',
      features: featureValues(),
    },
    listingDetails: {
      title: '',
      description: '',
      price: '',
      negotiable: false,
      hasWarranty: false,
      acceptsTradeIn: false,
      financingAvailable: false,
    },
    contactLocation: {
      phone: user?.phone ?? '',
      preferredMethod: DEFAULT_CONTACT_METHOD,
      city: user?.city ?? '',
      state: user?.state ?? '',
      zipCode: '',
    },
  };
}

// Local storage, per user: a half-finished listing survives a reload, a closed tab and a crash,
// and one person's draft never shows up for another account on the same browser.
const storageKey = (userId: string) => `carmarket:listing-draft:${userId}`;

/** The saved draft merged over an empty one (so a draft saved by an older version still loads). */
export function loadDraft(user: User | null): ListingDraft {
  const empty = emptyDraft(user);
  if (!user) return empty;
  try {
    const saved = JSON.parse(
      localStorage.getItem(storageKey(user._id)) ?? 'null',
    ) as Partial<ListingDraft> | null;
    if (!saved || typeof saved !== 'object') return empty;
    return {
      step: typeof saved.step === 'number' ? Math.max(0, Math.min(saved.step, REVIEW_STEP)) : 0,
      vehicleInfo: { ...empty.vehicleInfo, ...saved.vehicleInfo },
      vehicleDetails: { ...empty.vehicleDetails, ...saved.vehicleDetails },
      listingDetails: { ...empty.listingDetails, ...saved.listingDetails },
      contactLocation: { ...empty.contactLocation, ...saved.contactLocation },
    };
  } catch {
    // Unreadable storage (private mode, corrupt JSON): start over rather than fail the page.
    return empty;
  }
}

export function saveDraft(user: User | null, draft: ListingDraft) {
  if (!user) return;
  try {
    localStorage.setItem(storageKey(user._id), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the wizard still works, the draft just does not survive a reload.
  }
}

export function clearDraft(user: User | null) {
  if (!user) return;
  try {
    localStorage.removeItem(storageKey(user._id));
  } catch {
    // See saveDraft.
  }
}
