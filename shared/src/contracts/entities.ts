// Entity types of the spec (§3) as the API returns them. Ids are UUID strings, always named `_id`.
// Dates travel as ISO 8601 strings.
import type {
  BodyType,
  Condition,
  ContactMethod,
  Drivetrain,
  FeatureCategory,
  FuelType,
  ListingStatus,
  PresenceStatus,
  SellerRole,
  SortOption,
  SuggestionType,
  TitleStatus,
  Transmission,
} from '../constants/enums.js';

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
}

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

export interface AuthResponse {
  user: User;
  tokens: AuthTokens;
}

export interface ListingImage {
  url: string;
  thumbnail: string;
  alt: string;
  publicId: string;
  isPrimary: boolean;
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
  name: string | null;
  role: SellerRole;
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
}

export interface SearchFilters {
  minPrice?: number;
  maxPrice?: number;
  yearMin?: number;
  yearMax?: number;
  make?: string;
  model?: string;
  trim?: string;
  bodyType?: BodyType[];
  fuelType?: FuelType[];
  transmission?: Transmission[];
  condition?: Condition[];
  mileageMin?: number;
  mileageMax?: number;
  exteriorColor?: string[];
  interiorColor?: string[];
  doors?: number;
  doorsMin?: number;
  doorsMax?: number;
  titleStatus?: TitleStatus[];
  cityMpgMin?: number;
  cityMpgMax?: number;
  highwayMpgMin?: number;
  highwayMpgMax?: number;
  combinedMpgMin?: number;
  combinedMpgMax?: number;
  safetyFeatures?: string[];
  interiorFeatures?: string[];
  technologyFeatures?: string[];
  exteriorFeatures?: string[];
  otherFeatures?: string[];
  sellerType?: SellerRole[];
  /** Miles around `zipCode` or `lat`/`lon`; the spec lists radius alone, a radius needs a centre. */
  radius?: number;
  zipCode?: string;
  lat?: number;
  lon?: number;
  hasImages?: boolean;
  hasWarranty?: boolean;
  acceptsTradeIn?: boolean;
  financingAvailable?: boolean;
}

/** Everything GET /search accepts: the filters plus text, sort and paging. */
export interface SearchParams extends SearchFilters {
  q?: string;
  sort?: SortOption;
  page?: number;
  limit?: number;
}

export interface SearchResponse {
  success: true;
  data: Listing[];
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
  name: string | null;
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
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
