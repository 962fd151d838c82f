import type { PhotoStatus } from '@carmarket/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// The whole data model. Migrations in ./migrations are generated from this file with
// `npm run db:generate -w @carmarket/api`; never edit a migration that has been committed.
// Enumerated values are plain text with CHECK constraints only where the database must guard an
// invariant (role, status); the rest is validated by the shared zod schemas at the API boundary.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    phone: text('phone'),
    city: text('city'),
    state: varchar('state', { length: 2 }),
    role: text('role', { enum: ['private', 'dealer'] })
      .notNull()
      .default('private'),
    emailNewListings: boolean('email_new_listings').notNull().default(false),
    emailSavedSearches: boolean('email_saved_searches').notNull().default(false),
    // Operators of the site (switching remotes through the admin API), set by `npm run admin`; the
    // spec has no roles, so nothing a user sees depends on it.
    isAdmin: boolean('is_admin').notNull().default(false),
    // Set when a moderator blocks the account: no sign-in, no sending, listings out of search.
    blockedAt: timestamptz('blocked_at'),
    // When the last saved-search digest went out, so at most one goes per day.
    digestSentAt: timestamptz('digest_sent_at'),
    verifiedAt: timestamptz('verified_at'),
    // Completed sign-ins (codes verified): the first one is the account's welcome, later ones a return.
    signIns: integer('sign_ins').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('private', 'dealer')`),
  ],
);

// A dealer's business, one per user whose role is 'dealer' (set together in one transaction). The
// address is geocoded like a listing's, so the dealer page can show where the lot is.
export const dealers = pgTable('dealers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  state: varchar('state', { length: 2 }).notNull(),
  zipCode: varchar('zip_code', { length: 5 }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  phone: text('phone').notNull(),
  website: text('website'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Every token issued by rotating one sign-in shares the family id, so reuse of a rotated token
    // can revoke the whole chain.
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

// One row per email: the latest code sent to it. Rows also exist for emails without an account
// (purpose 'no-account', no code) so that throttling behaves the same for every address.
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    email: text('email').primaryKey(),
    codeHash: text('code_hash'),
    purpose: text('purpose', { enum: ['register', 'login', 'no-account'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSentAt: timestamptz('last_sent_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [check('one_time_codes_purpose_valid', sql`${t.purpose} in ('register', 'login', 'no-account')`)],
);

export interface ListingFeatures {
  safety: string[];
  interior: string[];
  technology: string[];
  exterior: string[];
  other: string[];
}

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'draft' is an active listing with fewer than PHOTOS_MIN photos: the API shows it to its
    // owner as 'active' and to nobody else, and photo changes move it between 'draft' and
    // 'active', so every public query keeps filtering on status = 'active' alone.
    status: text('status', { enum: ['draft', 'active', 'sold'] })
      .notNull()
      .default('active'),
    // Set when enough people report the listing or a moderator hides it: out of search until restored.
    hiddenAt: timestamptz('hidden_at'),
    // Set once saved searches were checked for this listing after it first went live (null: not yet),
    // so each listing alerts once, whichever API process claims it (modules/notifications).
    alertsCheckedAt: timestamptz('alerts_checked_at'),
    // A listing leaves search LISTING_RENEWAL_DAYS after this unless its owner renews it (issue 16).
    renewedAt: timestamptz('renewed_at').notNull().defaultNow(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceAmount: integer('price_amount').notNull(),
    priceCurrency: text('price_currency').notNull().default('USD'),
    negotiable: boolean('negotiable').notNull().default(false),
    contactPhone: text('contact_phone'),
    preferredContact: text('preferred_contact', { enum: ['email', 'phone', 'both'] })
      .notNull()
      .default('email'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    trim: text('trim'),
    mileage: integer('mileage').notNull(),
    vin: varchar('vin', { length: 17 }),
    bodyType: text('body_type').notNull(),
    fuelType: text('fuel_type').notNull(),
    transmission: text('transmission').notNull(),
    drivetrain: text('drivetrain').notNull(),
    engine: text('engine'),
    exteriorColor: text('exterior_color').notNull(),
    interiorColor: text('interior_color').notNull(),
    doors: integer('doors').notNull(),
    condition: text('condition').notNull(),
    titleStatus: text('title_status').notNull(),
    features: jsonb('features')
      .$type<ListingFeatures>()
      .notNull()
      .default({ safety: [], interior: [], technology: [], exterior: [], other: [] }),
    cityMpg: integer('city_mpg'),
    highwayMpg: integer('highway_mpg'),
    combinedMpg: integer('combined_mpg'),
    hasWarranty: boolean('has_warranty').notNull().default(false),
    acceptsTradeIn: boolean('accepts_trade_in').notNull().default(false),
    financingAvailable: boolean('financing_available').notNull().default(false),
    city: text('city').notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zipCode: varchar('zip_code', { length: 5 }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    views: integer('views').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    // Weighted so a hit in the title outranks one in make/model/trim, which outranks the description.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(trim, '') || ' ' || year::text), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('listings_status_valid', sql`${t.status} in ('draft', 'active', 'sold')`),
    check('listings_price_currency_usd', sql`${t.priceCurrency} = 'USD'`),
    check('listings_preferred_contact_valid', sql`${t.preferredContact} in ('email', 'phone', 'both')`),
    index('listings_search_vector_idx').using('gin', t.searchVector),
    index('listings_text_trgm_idx').using(
      'gin',
      t.title.op('gin_trgm_ops'),
      t.make.op('gin_trgm_ops'),
      t.model.op('gin_trgm_ops'),
    ),
    // Search filters and sorts in memory (modules/search/search-index/); these serve the rest:
    // newest listings, similar listings (same model by price, or any model in a price band) and a
    // seller's listings.
    index('listings_status_created_idx').on(t.status, t.createdAt.desc()),
    // Deal rating comparables: active and sold listings of a model by year (modules/deal-rating).
    index('listings_make_model_year_idx')
      .on(t.make, t.model, t.year)
      .where(sql`${t.status} <> 'draft'`),
    index('listings_status_price_idx').on(t.status, t.priceAmount),
    index('listings_make_model_idx').on(t.make, t.model),
    // Typed makes and models (cars older than the catalogue) take the spelling already in use,
    // looked up case-blind, so "FORD" and "Ford" stay one facet.
    index('listings_make_model_lower_idx').on(sql`lower(${t.make})`, sql`lower(${t.model})`),
    index('listings_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('listings_active_make_model_price_idx')
      .on(t.make, t.model, t.priceAmount)
      .where(sql`${t.status} = 'active'`),
    // The search index reads what changed since its last look (modules/search/search-index/);
    // a trigger (migration 0005) sets updated_at whenever a column the search reads changes.
    index('listings_updated_at_idx').on(t.updatedAt),
    // The few listings whose saved-search alerts are still to be checked.
    index('listings_alerts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.alertsCheckedAt} is null`),
  ],
);

/**
 * Listings deleted recently, written by a trigger on listings (migration 0005) whatever deletes
 * them, so every API process's search index can drop them; rows older than a day are pruned.
 */
export const listingTombstones = pgTable(
  'listing_tombstones',
  {
    listingId: uuid('listing_id').notNull(),
    deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('listing_tombstones_deleted_at_idx').on(t.deletedAt)],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    publicId: text('public_id').notNull(),
    url: text('url').notNull(),
    thumbnail: text('thumbnail').notNull(),
    // The 800 px size between them; none for photos made before it (and shared demo files of old).
    medium: text('medium'),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    isPrimary: boolean('is_primary').notNull().default(false),
    // 'processing' from the upload's answer until the display and thumbnail files are written.
    status: text('status').$type<PhotoStatus>().notNull().default('ready'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listing_images_public_id_key').on(t.publicId),
    check('listing_images_status_valid', sql`${t.status} in ('processing', 'ready')`),
    uniqueIndex('listing_images_one_primary_idx')
      .on(t.listingId)
      .where(sql`${t.isPrimary}`),
    index('listing_images_listing_position_idx').on(t.listingId, t.position),
    // The photos the medium-size backfill has left to do (none once it is done).
    index('listing_images_without_medium_idx')
      .on(t.url)
      .where(sql`${t.medium} is null`),
  ],
);

// One row per viewer per listing per day, so reloading a page does not inflate the view count.
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.viewerKey, t.day] })],
);

/**
 * Every change of a listing's asking price, for its price history and "Price dropped $N". The price
 * a listing was published at is the first change's `fromAmount` (no row until the price moves).
 */
export const listingPriceChanges = pgTable(
  'listing_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    fromAmount: integer('from_amount').notNull(),
    toAmount: integer('to_amount').notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('listing_price_changes_listing_changed_idx').on(t.listingId, t.changedAt.desc())],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favorites_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('favorites_listing_idx').on(t.listingId),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept when the listing is deleted so both sides still see their history under the title snapshot.
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamptz('last_message_at'),
    buyerArchivedAt: timestamptz('buyer_archived_at'),
    sellerArchivedAt: timestamptz('seller_archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_listing_buyer_seller_key').on(t.listingId, t.buyerId, t.sellerId),
    index('conversations_buyer_last_message_idx').on(t.buyerId, t.lastMessageAt.desc()),
    index('conversations_seller_last_message_idx').on(t.sellerId, t.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    // Set by the client so a retried send is stored once.
    clientMessageId: text('client_message_id'),
    readAt: timestamptz('read_at'),
    // Set when stored, cleared once both participants' new-message events are sent. A message still
    // unannounced at this time lost its process between its commit and its events (killed, say):
    // any process's sweep announces it then.
    announceDueAt: timestamptz('announce_due_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('messages_sender_client_message_key').on(t.senderId, t.clientMessageId),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    // The sending limits count a sender's recent messages.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('messages_unread_recipient_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    index('messages_announce_due_idx')
      .on(t.announceDueAt)
      .where(sql`${t.announceDueAt} is not null`),
  ],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/**
 * A user's report on a listing or a message. One report per person and target; `excerpt` keeps what
 * was reported (the listing's title, the message's text) should it change or go.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['listing', 'message'] }).notNull(),
    excerpt: text('excerpt').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'upheld', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (t) => [
    uniqueIndex('reports_reporter_listing_key').on(t.reporterId, t.listingId),
    uniqueIndex('reports_reporter_message_key').on(t.reporterId, t.messageId),
    index('reports_listing_idx').on(t.listingId),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    // The moderation queue: open reports first, newest first within each group.
    index('reports_open_first_idx').on(sql`(${t.status} <> 'open')`, t.createdAt.desc()),
    check('reports_status_valid', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
  ],
);

/**
 * What a user is told about, in the header's menu, live and in the daily digest. `kind` names the
 * payload's shape (NotificationPayloads in @carmarket/shared); `emailedAt` is set once a digest
 * carried it (or it was decided it never will).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    readAt: timestamptz('read_at'),
    emailedAt: timestamptz('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_user_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unmailed_user_idx')
      .on(t.userId)
      .where(sql`${t.emailedAt} is null`),
  ],
);

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    sort: text('sort').notNull().default('newest'),
    lastViewedAt: timestamptz('last_viewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt.desc())],
);

// Raw search terms and picked makes, aggregated over a recent window for "popular searches".
export const searchEvents = pgTable(
  'search_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('search_events_kind_created_idx').on(t.kind, t.createdAt.desc())],
);
