// Business constants and limits of the spec (§9). Both the forms and the server read these, so a
// limit changes in one place.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_S = 24 * 60 * 60;

/** Value shown wherever a fact is missing (quick facts, formatted numbers). */
export const NOT_AVAILABLE = 'N/A';

// Sign-in and tokens
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * MINUTE_MS;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_MS = 60 * SECOND_MS;
export const ACCESS_TOKEN_TTL_S = 900;
export const REFRESH_TOKEN_TTL_S = 30 * DAY_S;

// HTTP and live connection
export const API_BASE_PATH = '/api';
export const API_TIMEOUT_MS = 10 * SECOND_MS;
export const SOCKET_PATH = '/socket.io';
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const TYPING_INDICATOR_EXPIRY_MS = 3000;
export const TYPING_IDLE_MS = 1000;

// Search
export const SEARCH_PAGE_SIZE = 24;
export const SUGGESTIONS_DEBOUNCE_MS = 300;
export const SUGGESTIONS_MIN_CHARS = 2;
export const PRICE_FILTER_DEBOUNCE_MS = 500;
export const SIMILAR_LISTINGS_LIMIT = 6;
export const COLOUR_OPTIONS_SHOWN = 10;

// Query cache times (TanStack Query staleTime / gcTime)
export const DEFAULT_STALE_TIME_MS = 5 * MINUTE_MS;
export const DEFAULT_GC_TIME_MS = 10 * MINUTE_MS;
export const DEFAULT_QUERY_RETRY = 1;
export const SEARCH_STALE_TIME_MS = 30 * SECOND_MS;
export const LISTING_STALE_TIME_MS = 5 * MINUTE_MS;
export const CATALOGUE_STALE_TIME_MS = 24 * HOUR_MS;

// Photos
export const PHOTOS_MIN = 4;
export const PHOTOS_MAX = 20;
/** What the owner reads about their listing held back as a draft by the photo rule. */
export const LISTING_HIDDEN_FOR_PHOTOS = `Hidden from buyers: a listing needs at least ${PHOTOS_MIN} photos to appear in search.`;
/** A listing leaves search this long after it was listed or last renewed, until its owner renews it. */
export const LISTING_RENEWAL_DAYS = 60;
/** What a "Verified" listing is (isVerifiedListing), as the listing page explains it. */
export const VERIFIED_LISTING_MEANING = [
  'The VIN passes its check digit and matches the model year and make listed.',
  `The listing has at least ${PHOTOS_MIN} photos.`,
  'The seller’s email address is verified.',
] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** A dealer's CSV inventory file: about 1,000 rows of a full listing each fit in it. */
export const LISTING_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const LISTING_IMPORT_ROWS_MAX = 1000;
/** 'image/jpg' is not a registered type, but some browsers and tools report it for .jpg files. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
/** For the file picker's `accept` attribute. */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export const REVIEW_THUMBNAILS = 4;
/**
 * The longest side, in px, of each file the server makes of a photo: the listing page's display
 * size, the thumbnail on cards, and the medium size between them that a phone's listing page and a
 * card on a sharp screen pick from their `srcset` (photoSrcSet).
 */
export const PHOTO_SIZES_PX = { display: 1600, medium: 800, thumbnail: 400 } as const;

// Listing values
export const PRICE_MIN = 100;
export const PRICE_MAX = 50_000;
export const PRICE_CURRENCY = 'USD';
export const MILEAGE_MIN = 0;
export const MILEAGE_MAX = 500_000;
export const YEAR_MIN = 1900;
export const DOORS_MIN = 2;
export const DOORS_MAX = 5;
export const TITLE_MIN = 10;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 2000;
export const VIN_LENGTH = 17;
export const ZIP_LENGTH = 5;
export const STATE_CODE_LENGTH = 2;
export const NAME_MAX = 100;
// A dealer's business (the profile's "Become a dealer").
export const BUSINESS_NAME_MAX = 100;
export const STREET_MAX = 200;
export const WEBSITE_MAX = 200;
/** A make, model or trim the seller types (cars older than the catalogue): letters of any script, digits, spaces and - & . ' / + ( ). */
export const VEHICLE_NAME_MAX = 40;
export const VEHICLE_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} \-&.'/+()]*$/u;
/** Fuel economy in miles per gallon (MPGe for electric cars, whose best ratings reach 150). */
export const MPG_MIN = 1;
export const MPG_MAX = 150;

/** Latest accepted model year: next year's models are on sale. Computed per call so it never goes stale. */
export function maxModelYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

// Formats. VIN letters exclude I, O and Q; case-insensitive.
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
export const PHONE_PLACEHOLDER = '123-456-7890';
export const ZIP_PATTERN = /^\d{5}$/;
export const STATE_CODE_PATTERN = /^[A-Za-z]{2}$/;
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

// Messaging
export const MESSAGE_MAX_LENGTH = 1000;
export const LAST_MESSAGE_PREVIEW_LENGTH = 50;
// Limits on strangers (issue 17): an account younger than a day starts few conversations, everyone
// sends at a human pace, and one text pasted to many sellers within minutes is held.
export const NEW_ACCOUNT_AGE_MS = 24 * HOUR_MS;
export const NEW_ACCOUNT_CONVERSATIONS_PER_DAY = 5;
export const MESSAGES_PER_MINUTE = 20;
export const MESSAGES_PER_HOUR = 200;
export const DUPLICATE_MESSAGE_WINDOW_MS = 10 * MINUTE_MS;
/** Other people who may get the same text within the window; the next copy is held. */
export const DUPLICATE_MESSAGE_RECIPIENTS_MAX = 4;

// Loading skeletons
export const SEARCH_SKELETON_CARDS = 12;
export const CONVERSATION_SKELETON_ROWS = 3;

// Geocoding falls back to these (Austin, TX) when the street-map search finds nothing or fails.
export const FALLBACK_COORDINATES = { latitude: 30.2672, longitude: -97.7431 } as const;

// Browser storage
export const SESSION_STORAGE_KEY = 'auth-storage';
export const THEME_STORAGE_KEY = 'theme';

// Reports: this many different people reporting a listing hide it from search until a moderator looks.
export const REPORTS_TO_HIDE_LISTING = 3;
export const REPORT_DETAILS_MAX_LENGTH = 500;

// Running cost (issue 16): yearly fuel cost at this many miles a year and, until the buyer enters
// their own, this price of a gallon of regular (US average, late 2026).
export const MILES_PER_YEAR = 12_000;
export const DEFAULT_FUEL_PRICE_PER_GALLON = 3.25;
