// Entity types of the spec (§3) as the API returns them. Ids are UUID strings, always named `_id`.
// Dates travel as ISO 8601 strings.
import type {
  BodyType,
  Condition,
  ContactMethod,
  DealRatingBand,
  Drivetrain,
  FeatureCategory,
  FuelType,
  ListingStatus,
  PresenceStatus,
  ReportReason,
  ReportStatus,
  SellerRole,
  SuggestionType,
  TitleStatus,
  Transmission,
} from '../constants/enums.js';
import type { ScamSignalKind } from '../safety/scam-detector.js';
// Types only: the contracts entry loads no zod.
import type { SearchFilters, SearchParams } from '../schemas/search.js';

export type Id = string;
export type IsoDateString = string;

export interface User {
  _id: Id;
  email: string;
  name: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  emailNewListings: boolean;
  emailSavedSearches: boolean;
  role: SellerRole;
  createdAt: IsoDateString;
  /** True until the account signs in a second time: the dashboard says 'Welcome', later 'Welcome back'. */
  firstSignIn: boolean;
  /**
   * An administrator (`npm run admin -- grant <email>`): the site shows the moderation link. Only a
   * hint for the page; the API checks the flag itself on every admin call. Absent from older servers.
   */
  isAdmin?: boolean;
}

/** A dealer's business, shown on its page /dealer/{id} (the id is the dealer's user id). */
export interface Dealer {
  _id: Id;
  businessName: string;
  address: { street: string; city: string; state: string; zipCode: string };
  location: { latitude: number; longitude: number };
  phone: string;
  website: string | null;
  /** When the account became a dealer. */
  since: IsoDateString;
  activeListings: number;
}

/** One row of a dealer's CSV import: `line` is its line in the file (the header is line 1). */
export type ListingImportRowReport =
  | { line: number; status: 'created'; listingId: Id; title: string }
  | { line: number; status: 'invalid'; errors: Record<string, string> };

/** POST /dealers/me/listings/import: every row's outcome; created listings are drafts until they have 4 photos. */
export interface ListingImportReport {
  total: number;
  created: number;
  invalid: number;
  rows: ListingImportRowReport[];
}

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

export interface AuthResponse {
  user: User;
  tokens: AuthTokens;
}

/**
 * An uploaded photo is answered while its display and thumbnail files are still being made:
 * 'processing' until they exist (their URLs answer 404 meanwhile), then 'ready'. A photo that cannot
 * be processed is removed from the listing.
 */
export type PhotoStatus = 'processing' | 'ready';

export interface ListingImage {
  /** The display size, 1600 px on its longest side. */
  url: string;
  /** 800 px, for `srcset`. Since 3.3; photos made before it have none. */
  medium?: string;
  /** 400 px. */
  thumbnail: string;
  alt: string;
  publicId: string;
  isPrimary: boolean;
  /** Since 1.3; servers before it answer only ready photos and leave it out. */
  status?: PhotoStatus;
}

export interface Address {
  city: string;
  state: string;
  zipCode: string;
}

/** GeoJSON point: coordinates are [longitude, latitude]. */
export interface GeoPoint {
  type: 'Point';
  coordinates: [longitude: number, latitude: number];
}

export interface ListingLocation extends GeoPoint {
  address: Address;
}

export type VehicleFeatures = Partial<Record<FeatureCategory, string[]>>;

/** Fuel economy as rated (MPGe for electric cars); null where the seller did not give it. */
export interface VehicleMpg {
  city: number | null;
  highway: number | null;
  combined: number | null;
}

export interface Vehicle {
  make: string;
  model: string;
  year: number;
  trim: string | null;
  mileage: number;
  vin: string | null;
  bodyType: BodyType;
  fuelType: FuelType;
  transmission: Transmission;
  drivetrain: Drivetrain;
  engine: string | null;
  color: { exterior: string; interior: string };
  doors: number;
  condition: Condition;
  titleStatus: TitleStatus;
  features: VehicleFeatures;
  mpg: VehicleMpg;
  images: ListingImage[];
  location: ListingLocation;
}

export interface ListingPrice {
  amount: number;
  currency: 'USD';
  negotiable: boolean;
}

export interface ContactPreferences {
  phone: string | null;
  preferredMethod: ContactMethod;
}

export interface ListingSeller {
  _id: Id;
  /** The display name, or the email's local part until the seller gives one (formatDisplayName). */
  name: string;
  role: SellerRole;
  /** When the seller's account was made (the listing page's 'Member since'). */
  memberSince: IsoDateString;
}

export interface Listing {
  _id: Id;
  title: string;
  description: string;
  createdAt: IsoDateString;
  views: number;
  favoriteCount: number;
  /** Whether the signed-in caller has saved it; false for guests. */
  isFavorite: boolean;
  status: ListingStatus;
  /** True when the seller is a dealer: cards show a dealer badge. */
  dealerBadge: boolean;
  /** When the listing leaves search unless its owner renews it (LISTING_RENEWAL_DAYS after listing or renewal). */
  expiresAt: IsoDateString;
  /** Past `expiresAt`: out of search until renewed (POST /listings/{id}/renew). */
  expired: boolean;
  /** "Verified": a valid VIN matching the year and make, at least 4 photos, the seller's email verified. */
  verified: boolean;
  /** The image flagged primary, else the first one; null without photos. */
  primaryImage: ListingImage | null;
  price: ListingPrice;
  /** Terms of the sale the search can filter on (spec §3 "Search filters"). */
  hasWarranty: boolean;
  acceptsTradeIn: boolean;
  financingAvailable: boolean;
  contactPreferences: ContactPreferences;
  seller: ListingSeller;
  vehicle: Vehicle;
  /** The latest price change when it lowered the price ("Price dropped $N"); null otherwise. */
  priceDrop: PriceDrop | null;
}

/** A fall in the asking price: `amount` is how much less than `fromAmount` it now asks. */
export interface PriceDrop {
  amount: number;
  fromAmount: number;
  droppedAt: IsoDateString;
}

/** GET /running-cost: what the listing page's yearly fuel cost assumes until the buyer enters a price. */
export interface RunningCostSettings {
  fuelPricePerGallon: number;
  milesPerYear: number;
}

/** One change of a listing's asking price (GET /listings/{id}/price-history, newest first). */
export interface PriceChange {
  fromAmount: number;
  toAmount: number;
  changedAt: IsoDateString;
}

/** The page of a list a client asks for: `page` counts from 1, `limit` is the page size. */
export interface PageRequest {
  page: number;
  limit: number;
}

export interface Pagination {
  total: number;
  page: number;
  pages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
}

/** One facet value with the number of matching listings. */
export interface FacetOption<T extends string | number = string> {
  value: T;
  count: number;
}

export interface AvailableFilters {
  bodyTypes: FacetOption<BodyType>[];
  transmissions: FacetOption<Transmission>[];
  fuelTypes: FacetOption<FuelType>[];
  conditions: FacetOption<Condition>[];
  titleStatuses: FacetOption<TitleStatus>[];
  exteriorColors: FacetOption[];
  interiorColors: FacetOption[];
  doors: FacetOption<number>[];
  features: Record<FeatureCategory, FacetOption[]>;
  sellerTypes: FacetOption<SellerRole>[];
  dealRatings: FacetOption<DealRatingBand>[];
}

// Derived from the query schema, so the types cannot drift from what the API accepts.
export type { SearchFilters, SearchParams };

/** POST /listings/{id}/favorite: the listing's heart for the caller and its count after the toggle. */
export interface FavoriteState {
  isFavorite: boolean;
  favoriteCount: number;
}

/** A search result: the listing with its deal rating (null: not enough comparables). */
export interface SearchListing extends Listing {
  dealRating: DealRatingBand | null;
}

export interface SearchResponse {
  success: true;
  data: SearchListing[];
  pagination: Pagination;
  filters: { available: AvailableFilters };
}

export interface Suggestion {
  type: SuggestionType;
  value: string;
  label: string;
  /** For a model suggestion: the make it belongs to. */
  make?: string;
}

/** Shape not given by the spec: a named set of search parameters. */
export interface SavedSearch {
  _id: Id;
  name: string;
  params: SearchParams;
  createdAt: IsoDateString;
  /** When the owner last opened it; listings published after this count as new. */
  lastViewedAt: IsoDateString | null;
  /** Active listings matching it that were published since it was last viewed (or saved). */
  newCount: number;
}

/** GET /search/popular (shape not given by the spec): most searched in the last 30 days. */
export interface PopularSearches {
  makes: FacetOption[];
  models: FacetOption[];
  queries: FacetOption[];
}

export interface CatalogueMake {
  make: string;
  makeId: string;
}

export interface CatalogueModel {
  model: string;
  modelId: string;
}

export interface CatalogueTrim {
  trim: string;
  engineSize?: string;
  transmission: string;
}

/** The listing summary embedded in conversations and messages. */
export interface ListingPreview {
  _id: Id;
  title: string;
  primaryImage: ListingImage | null;
  price: ListingPrice;
  vehicle: Pick<Vehicle, 'year' | 'make' | 'model'> | null;
}

export interface ConversationParticipant {
  _id: Id;
  /** The display name, or the email's local part until the user gives one (formatDisplayName). */
  name: string;
  profileImage: string | null;
}

export interface LastMessage {
  content: string;
  sender: { _id: Id };
  createdAt: IsoDateString;
}

export interface Conversation {
  conversationId: Id;
  otherParticipant: ConversationParticipant | null;
  lastMessage: LastMessage | null;
  unreadCount: number;
  /** null once the listing is deleted; listingTitle keeps the title it had when the conversation began. */
  listing: ListingPreview | null;
  listingTitle: string;
  /** Archived by the signed-in user (archiving is per user). */
  isArchived: boolean;
  /** The signed-in user has blocked the other participant. */
  isBlocked: boolean;
}

export interface Message {
  _id: Id;
  conversationId: Id;
  sender: { _id: Id };
  recipient: { _id: Id };
  content: string;
  createdAt: IsoDateString;
  read: boolean;
  readAt: IsoDateString | null;
  /** null once the listing is deleted. */
  listing: Id | ListingPreview | null;
  /** Scam patterns found in the content (see safety/scam-detector); the recipient is warned. */
  warnings: ScamSignalKind[];
}

export interface UserPresence {
  status: PresenceStatus;
  lastSeen: IsoDateString | null;
}

/** Presence held per user id. */
export type PresenceMap = Record<Id, UserPresence>;

export interface ApiSuccess<T> {
  success: true;
  data: T;
  pagination?: Pagination;
  filters?: { available: AvailableFilters };
}

export interface ApiFailure {
  success: false;
  error: string;
  code: string;
  /** Validation failures: field path → message. */
  details?: Record<string, string>;
  /** The request's id (also its X-Request-Id header): shown in error details for support. */
  requestId?: string;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** A report as its author sees it (GET /reports/mine) and moderators list it. */
export interface Report {
  _id: Id;
  /** The ids are null once the listing or message is deleted; title and excerpt keep what it said. */
  target:
    | { type: 'listing'; listingId: Id | null; title: string }
    | { type: 'message'; messageId: Id | null; excerpt: string };
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  createdAt: IsoDateString;
  reviewedAt: IsoDateString | null;
}

/** A report in the moderation queue: who sent it, and whom it is about (the seller or the sender). */
export interface ModerationReport extends Report {
  /** Whether the reported listing is out of search now (false for a message report). */
  listingHidden: boolean;
  reporter: { _id: Id; name: string };
  /** Null once that account is deleted. */
  reportedUser: { _id: Id; name: string; blocked: boolean } | null;
}

/**
 * One reported listing or message in the moderation queue, with every report about it (newest
 * first). A listing or message deleted since keeps a case per report (its id is gone).
 */
export interface ModerationCase {
  target: Report['target'];
  /** Open while any of its reports is open; otherwise the newest report's decision. */
  status: ReportStatus;
  /** Whether the reported listing is out of search now (false for a message). */
  listingHidden: boolean;
  /** The listing's seller or the message's sender; null once that account is deleted. */
  reportedUser: ModerationReport['reportedUser'];
  lastReportedAt: IsoDateString;
  reports: Pick<ModerationReport, '_id' | 'reason' | 'details' | 'status' | 'createdAt' | 'reporter'>[];
}

/** What each kind of notification carries; a new kind (price drops…) adds its entry here. */
export interface NotificationPayloads {
  /** A listing that went live matches one of the user's saved searches. */
  'saved-search-match': {
    savedSearchId: Id;
    savedSearchName: string;
    listingId: Id;
    title: string;
    priceAmount: number;
  };
  /** A listing the user saved now asks less. */
  'price-drop': {
    listingId: Id;
    title: string;
    fromAmount: number;
    toAmount: number;
  };
}
export type NotificationKind = keyof NotificationPayloads;

/** One entry of the header's notifications menu (GET /notifications, the 'notification' event). */
export type AppNotification = {
  [K in NotificationKind]: {
    _id: Id;
    kind: K;
    payload: NotificationPayloads[K];
    read: boolean;
    createdAt: IsoDateString;
  };
}[NotificationKind];
