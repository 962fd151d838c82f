// Value lists of the spec (§3) with their display labels. The arrays are the single source for
// TypeScript unions, zod enums, select options and database checks.

export const BODY_TYPES = [
  'sedan',
  'suv',
  'truck',
  'coupe',
  'convertible',
  'van',
  'wagon',
  'hatchback',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];
export const BODY_TYPE_LABELS: Record<BodyType, string> = {
  sedan: 'Sedan',
  suv: 'SUV',
  truck: 'Truck',
  coupe: 'Coupe',
  convertible: 'Convertible',
  van: 'Van',
  wagon: 'Wagon',
  hatchback: 'Hatchback',
};

export const FUEL_TYPES = ['gasoline', 'diesel', 'electric', 'hybrid', 'plugin_hybrid'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const FUEL_TYPE_LABELS: Record<FuelType, string> = {
  gasoline: 'Gasoline',
  diesel: 'Diesel',
  electric: 'Electric',
  hybrid: 'Hybrid',
  plugin_hybrid: 'Plug-in Hybrid',
};

export const TRANSMISSIONS = ['automatic', 'manual', 'cvt'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const TRANSMISSION_LABELS: Record<Transmission, string> = {
  automatic: 'Automatic',
  manual: 'Manual',
  cvt: 'CVT',
};

export const DRIVETRAINS = ['fwd', 'rwd', 'awd', '4wd'] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];
export const DRIVETRAIN_LABELS: Record<Drivetrain, string> = {
  fwd: 'Front-Wheel Drive (FWD)',
  rwd: 'Rear-Wheel Drive (RWD)',
  awd: 'All-Wheel Drive (AWD)',
  '4wd': 'Four-Wheel Drive (4WD)',
};

export const CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

export const TITLE_STATUSES = ['clean', 'salvage', 'rebuilt', 'lemon'] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];
export const TITLE_STATUS_LABELS: Record<TitleStatus, string> = {
  clean: 'Clean',
  salvage: 'Salvage',
  rebuilt: 'Rebuilt',
  lemon: 'Lemon',
};

export const CONTACT_METHODS = ['email', 'phone', 'both'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: 'Email Only',
  phone: 'Phone Only',
  both: 'Email or Phone',
};
export const DEFAULT_CONTACT_METHOD: ContactMethod = 'email';

export const SORT_OPTIONS = [
  'newest',
  'best_deal',
  'price_asc',
  'price_desc',
  'year_desc',
  'year_asc',
  'mileage_asc',
  'mileage_desc',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const SORT_OPTION_LABELS: Record<SortOption, string> = {
  newest: 'Newest First',
  best_deal: 'Best Deals First',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  year_desc: 'Year: Newest First',
  year_asc: 'Year: Oldest First',
  mileage_asc: 'Mileage: Low to High',
  mileage_desc: 'Mileage: High to Low',
};
export const DEFAULT_SORT: SortOption = 'newest';

/** The seller role on a listing only changes a label (spec §6); it is not a permission. */
export const SELLER_ROLES = ['private', 'dealer'] as const;
export type SellerRole = (typeof SELLER_ROLES)[number];
export const SELLER_ROLE_LABELS: Record<SellerRole, string> = {
  private: 'Private Seller',
  dealer: 'Dealer',
};

/** Spec §3 names active and sold only; other statuses are not shown. */
export const LISTING_STATUSES = ['active', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  active: 'Active',
  sold: 'Sold',
};

export const FEATURE_CATEGORIES = ['safety', 'interior', 'technology', 'exterior', 'other'] as const;
export type FeatureCategory = (typeof FEATURE_CATEGORIES)[number];
export const FEATURE_CATEGORY_LABELS: Record<FeatureCategory, string> = {
  safety: 'Safety',
  interior: 'Interior',
  technology: 'Technology',
  exterior: 'Exterior',
  other: 'Other',
};

/**
 * The features a seller can tick, by category. Search filters match feature names exactly, so the
 * wizard, the editor, the server and the seed all use this one list and every listing spells a
 * feature the same way.
 */
export const FEATURE_OPTIONS = {
  safety: [
    'ABS',
    'Traction Control',
    'Stability Control',
    'Backup Camera',
    'Blind Spot Monitoring',
    'Forward Collision Warning',
    'Automatic Emergency Braking',
    'Lane Departure Warning',
    'Adaptive Cruise Control',
    'Parking Sensors',
  ],
  interior: [
    'Leather Seats',
    'Heated Seats',
    'Power Seats',
    'Ventilated Seats',
    'Heated Steering Wheel',
    'Dual-Zone Climate Control',
    'Third Row Seating',
    'Folding Rear Seats',
  ],
  technology: [
    'Bluetooth',
    'Apple CarPlay',
    'Android Auto',
    'Navigation System',
    'Touchscreen',
    'Keyless Entry',
    'Push-Button Start',
    'Remote Start',
    'Premium Audio',
    'Wireless Charging',
  ],
  exterior: [
    'Alloy Wheels',
    'Sunroof',
    'Tow Package',
    'Roof Rack',
    'Bed Liner',
    'Running Boards',
    'LED Headlights',
    'Fog Lights',
    'Power Liftgate',
  ],
  other: ['Service Records', 'One Owner', 'Non-Smoker', 'Garage Kept', 'Spare Key', 'New Tires'],
} as const satisfies Record<FeatureCategory, readonly [string, ...string[]]>;
export type FeatureName<C extends FeatureCategory = FeatureCategory> = (typeof FEATURE_OPTIONS)[C][number];

/** make: a make; model: a model of `make`; location: a city, whose value is its busiest ZIP. */
export const SUGGESTION_TYPES = ['make', 'model', 'location'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

export const PRESENCE_STATUSES = ['online', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW_MODE: ViewMode = 'grid';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** The visible theme when nothing is stored (spec §2, §9). */
export const DEFAULT_THEME: Theme = 'dark';

/** Deal rating bands, best deal first (issue 16); a listing without enough comparables has none. */
export const DEAL_RATINGS = ['great', 'good', 'fair', 'high', 'overpriced'] as const;
export type DealRatingBand = (typeof DEAL_RATINGS)[number];
export const DEAL_RATING_LABELS: Record<DealRatingBand, string> = {
  great: 'Great Deal',
  good: 'Good Deal',
  fair: 'Fair Price',
  high: 'High Price',
  overpriced: 'Overpriced',
};

// Reports on listings and messages (issue 17).
export const REPORT_REASONS = ['scam', 'spam', 'misleading', 'offensive', 'already-sold', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  spam: 'Spam',
  misleading: 'Wrong or misleading details',
  offensive: 'Offensive or abusive',
  'already-sold': 'Already sold',
  other: 'Something else',
};
/** open: waiting for a moderator; upheld: action taken; dismissed: reviewed, nothing wrong. */
export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
