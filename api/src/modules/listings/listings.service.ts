import type { ListingStatus } from '@carmarket/shared/constants';
import type { Listing, PageRequest, Pagination, PriceChange, VehicleMpg } from '@carmarket/shared/contracts';
import type {
  CreateListingPayload,
  UpdateListingPayload,
  UpdateVehiclePayload,
} from '@carmarket/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '../../db/uuid.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { PhotoStorage } from '../../storage/photo-storage.js';
import { catalogueService, type CatalogueService } from '../catalogue/catalogue.service.js';
import { zipCoordinates } from '../geocoding/zip-coordinates.js';
import { deletePhotoFiles } from '../uploads/photo-files.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import { toListingDto } from './listing-dto.js';
import { ListingFreshness } from './listing-freshness.js';
import { ListingPageCache, type CachedListingPage } from './listing-page-cache.js';
import { ViewCounter, viewerKey } from './view-counter.js';
import type {
  ListingExtras,
  ListingPage,
  ListingRow,
  ListingsRepository,
  NewListingRow,
  ListingWithSeller,
} from './listings.repository.js';

export interface ListingList {
  data: Listing[];
  pagination: Pagination;
}

/** Who is looking: the signed-in user, or a guest known only by network address. */
export interface Viewer {
  userId: string | null;
  /** Undefined once a client hung up while its request waited (Fastify reads it off the socket). */
  ip: string | undefined;
}

/** The catalogue's spelling of a vehicle, and the engine of its trim when the catalogue knows it. */
interface CatalogueVehicle {
  make: string;
  model: string;
  trim: string | null;
  engine: string | null;
}

/** A listing deleted between reading its row and its extras: shown as it would be without any. */
const noExtras: ListingExtras = { images: [], latestPriceChange: undefined, isFavorite: false };

const sameName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

export class ListingsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly users: UsersRepository,
    private readonly storage: PhotoStorage,
    private readonly log: FastifyBaseLogger,
    private readonly notifications: Pick<NotificationsService, 'notify'>,
    private readonly catalogue: CatalogueService = catalogueService(),
    /** When listings expire, and the clock they expire by (tests move it). */
    readonly freshness: ListingFreshness = new ListingFreshness(),
    /** Guests' listing pages; the repositories that write drop its entries (see app.ts). */
    readonly guestPages: ListingPageCache = new ListingPageCache(),
  ) {
    this.views = new ViewCounter((views) => listings.recordViews(views), log);
  }

  /** Views noted in memory and stored in batches (see ViewCounter); started and stopped with the app. */
  readonly views: ViewCounter;

  /** Guests' listing pages being read from the database, with the cache generation they started at. */
  private readonly guestReads = new Map<
    string,
    { generation: number; page: Promise<CachedListingPage | undefined> }
  >();

  /** Shapes rows for the API, with the photos, price moves and the viewer's favorites of all of them in one read. */
  async present(rows: ListingWithSeller[], viewerId: string | null): Promise<Listing[]> {
    const extras = await this.listings.extrasFor(
      rows.map((row) => row.listing.id),
      viewerId,
    );
    const now = this.freshness.now();
    return rows.map((row) => {
      const { images, isFavorite, latestPriceChange } = extras.get(row.listing.id) ?? noExtras;
      return toListingDto(
        this.withUnstoredViews(row),
        images,
        isFavorite,
        latestPriceChange,
        this.freshness,
        now,
      );
    });
  }

  async presentPage(page: ListingPage, request: PageRequest, viewerId: string | null): Promise<ListingList> {
    return { data: await this.present(page.rows, viewerId), pagination: paginate(page.total, request) };
  }

  /**
   * The listing page, in one database round trip; opening someone else's listing counts one view per
   * viewer per day (noted in memory, stored in batches). A draft (fewer than 4 photos) exists only for
   * its owner.
   */
  async getListing(id: string, viewer: Viewer): Promise<Listing> {
    if (viewer.userId === null) return this.getGuestListing(id, viewer);
    const found = isUuid(id) ? await this.listings.findForPage(id, viewer.userId) : undefined;
    if (!found || (found.listing.status === 'draft' && found.listing.sellerId !== viewer.userId)) {
      throw listingNotFound();
    }
    if (found.listing.sellerId !== viewer.userId) this.views.record(id, viewerKey(viewer));
    return toListingDto(
      this.withUnstoredViews(found),
      found.images,
      found.isFavorite,
      found.latestPriceChange,
      this.freshness,
      this.freshness.now(),
    );
  }

  /**
   * A listing's page opened as a document (rendered on the server, or kept from a render): its
   * visitor's view, by network address, since the document's request carries no session. The
   * browser does not read the listing again after such a page, and when it does (a page left to it)
   * that read is the same viewer's, so the same view.
   */
  notePageView(id: string, ip: string): void {
    this.views.record(id, viewerKey({ userId: null, ip }));
  }

  /**
   * A guest's listing page: the same for every guest, so it is kept (ListingPageCache) and the
   * database is asked only when this process changed the listing, or the entry is a few seconds old
   * (then it is still served while read again in the background, until it is too old to serve).
   * The views counted here and not stored yet are added on every read, the guest's own included.
   */
  private async getGuestListing(id: string, viewer: Viewer): Promise<Listing> {
    const page = await this.guestPage(id);
    if (!page) throw listingNotFound();
    this.views.record(id, viewerKey(viewer));
    return page.withViews(this.views.pendingFor(id));
  }

  /**
   * A listing as guests see it, kept as above, without counting a view; undefined when guests see
   * none (no such listing, or a draft). The listing page's preview reads it here, so the page
   * rendered right after it finds the listing kept rather than reading it a second time.
   */
  async guestPage(id: string): Promise<CachedListingPage | undefined> {
    if (!isUuid(id)) return undefined;
    const now = this.freshness.now();
    const page = this.guestPages.get(id, now);
    if (page?.isDue(now)) {
      // A failed read leaves the entry as it was, served until it ends; then a read that waits for
      // the database answers the failure.
      this.readGuestPage(id).catch((error: unknown) =>
        this.log.warn({ err: error, listingId: id }, 'reading a kept listing page again failed'),
      );
    }
    return page ?? this.readGuestPage(id);
  }

  /**
   * Reads a guest's page from the database and keeps it. Guests asking while it is read share the
   * read, unless a write in this process came since it started (they would miss that write).
   */
  private readGuestPage(id: string): Promise<CachedListingPage | undefined> {
    const generation = this.guestPages.generation;
    const running = this.guestReads.get(id);
    if (running?.generation === generation) return running.page;
    const page = (async () => {
      const now = this.freshness.now();
      const found = await this.listings.findForPage(id, null);
      if (!found || found.listing.status === 'draft') {
        this.guestPages.forget(id);
        return undefined;
      }
      const listing = toListingDto(found, found.images, false, found.latestPriceChange, this.freshness, now);
      return this.guestPages.put(listing, found, now, generation);
    })().finally(() => {
      if (this.guestReads.get(id)?.page === page) this.guestReads.delete(id);
    });
    this.guestReads.set(id, { generation, page });
    return page;
  }

  /**
   * A listing with its seller, for what a page shows beside it (its deal rating, similar cars): the
   * guests' kept copy when there is one, as the page's own read has usually just made it, else the
   * database. Drafts are never kept, so their owner's reads always go to the database.
   */
  async findWithSeller(id: string): Promise<ListingWithSeller | undefined> {
    if (!isUuid(id)) return undefined;
    return this.guestPages.get(id, this.freshness.now())?.row ?? this.listings.findById(id);
  }

  /** The row with the views counted in memory that are not in the database yet. */
  private withUnstoredViews<Row extends ListingWithSeller>(row: Row): Row {
    const unstored = this.views.pendingFor(row.listing.id);
    return unstored === 0
      ? row
      : { ...row, listing: { ...row.listing, views: row.listing.views + unstored } };
  }

  /**
   * A seller's listings: active ones for everyone, sold ones too for the seller; `status` narrows
   * them to one status, so the dashboard can count each without reading every listing.
   */
  async listBySeller(
    sellerId: string,
    viewerId: string | null,
    request: PageRequest & { status?: ListingStatus | undefined },
  ): Promise<ListingList> {
    if (!isUuid(sellerId) || !(await this.users.findById(sellerId))) {
      throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    }
    const { status, ...page } = request;
    const rows = await this.listings.findBySeller(sellerId, sellerId === viewerId, status, page);
    return this.presentPage(rows, page, viewerId);
  }

  async listFavorites(userId: string, page: PageRequest): Promise<ListingList> {
    return this.presentPage(await this.listings.findFavorites(userId, page), page, userId);
  }

  /**
   * A new listing, as a draft until its photos are uploaded (see the status column).
   */
  async create(sellerId: string, payload: CreateListingPayload): Promise<Listing> {
    const id = await this.listings.insert(await this.newListingRow(sellerId, payload));
    return this.ownListing(id, sellerId);
  }

  /**
   * The row of a new draft listing. Make, model and trim take their stored spelling (vehicleNames);
   * the coordinates come from the offline ZIP dataset when it knows the ZIP, so radius search never
   * depends on the client's geocoding.
   */
  async newListingRow(sellerId: string, payload: CreateListingPayload): Promise<NewListingRow> {
    const { vehicle, price, contactPreferences, hasWarranty, acceptsTradeIn, financingAvailable } = payload;
    const { address, coordinates } = vehicle.location;
    const [longitude, latitude] = coordinates;
    const located = zipCoordinates(address.zipCode) ?? { latitude, longitude };
    return {
      sellerId,
      status: 'draft',
      title: payload.title,
      description: payload.description,
      priceAmount: price.amount,
      negotiable: price.negotiable,
      hasWarranty,
      acceptsTradeIn,
      financingAvailable,
      contactPhone: contactPreferences.phone,
      preferredContact: contactPreferences.preferredMethod,
      ...(await this.vehicleNames(vehicle)),
      year: vehicle.year,
      mileage: vehicle.mileage,
      vin: vehicle.vin,
      bodyType: vehicle.bodyType,
      fuelType: vehicle.fuelType,
      transmission: vehicle.transmission,
      drivetrain: vehicle.drivetrain,
      exteriorColor: vehicle.color.exterior,
      interiorColor: vehicle.color.interior,
      doors: vehicle.doors,
      condition: vehicle.condition,
      titleStatus: vehicle.titleStatus,
      features: vehicle.features,
      ...mpgColumns(vehicle.mpg),
      city: address.city,
      state: address.state,
      zipCode: address.zipCode,
      ...located,
    };
  }

  /**
   * PUT /listings/{id}: the Listing Details tab. Negotiable and the sale terms are kept when the
   * payload leaves them out.
   */
  async update(id: string, userId: string, payload: UpdateListingPayload): Promise<Listing> {
    const before = await this.requireOwnListing(id, userId);
    const { hasWarranty, acceptsTradeIn, financingAvailable } = payload;
    const priceChange = await this.listings.update(id, {
      title: payload.title,
      description: payload.description,
      priceAmount: payload.price.amount,
      ...definedOnly({
        negotiable: payload.price.negotiable,
        hasWarranty,
        acceptsTradeIn,
        financingAvailable,
      }),
      contactPhone: payload.contactPreferences.phone,
      preferredContact: payload.contactPreferences.preferredMethod,
    });
    // Only a live listing's drop is news: a draft has nobody watching it yet.
    if (priceChange && priceChange.toAmount < priceChange.fromAmount && before.status === 'active') {
      const watchers = await this.listings.favoritedBy(id, userId);
      await this.notifications.notify(
        watchers.map((watcher) => ({
          userId: watcher,
          kind: 'price-drop' as const,
          payload: {
            listingId: id,
            title: payload.title,
            fromAmount: priceChange.fromAmount,
            toAmount: priceChange.toAmount,
          },
        })),
      );
    }
    return this.ownListing(id, userId);
  }

  /** GET /listings/{id}/price-history: anyone who may see the listing may see how its price moved. */
  async priceHistory(
    id: string,
    viewerId: string | null,
    page: PageRequest,
  ): Promise<{ data: PriceChange[]; pagination: Pagination }> {
    const row = isUuid(id) ? await this.listings.findById(id) : undefined;
    if (!row || (row.listing.status === 'draft' && row.listing.sellerId !== viewerId)) {
      throw listingNotFound();
    }
    const { rows, total } = await this.listings.priceHistory(id, page);
    return {
      data: rows.map((change) => ({
        fromAmount: change.fromAmount,
        toAmount: change.toAmount,
        changedAt: change.changedAt.toISOString(),
      })),
      pagination: paginate(total, page),
    };
  }

  /**
   * PUT /listings/{id}/vehicle: the Vehicle Information tab. The payload has no trim: a trim
   * (and its engine) is kept while make and model stay, and cleared when they change, since it
   * belonged to the old model. Features and fuel economy are kept when the payload leaves them out.
   */
  async updateVehicle(id: string, userId: string, payload: UpdateVehiclePayload): Promise<Listing> {
    const current = await this.requireOwnListing(id, userId);
    const { make, model } = await this.vehicleNames({ ...payload, trim: null });
    const sameModel = make === current.make && model === current.model;
    await this.listings.update(id, {
      make,
      model,
      ...(sameModel ? {} : { trim: null, engine: null }),
      year: payload.year,
      mileage: payload.mileage,
      bodyType: payload.bodyType,
      fuelType: payload.fuelType,
      transmission: payload.transmission,
      drivetrain: payload.drivetrain,
      exteriorColor: payload.color.exterior,
      interiorColor: payload.color.interior,
      doors: payload.doors,
      condition: payload.condition,
      titleStatus: payload.titleStatus,
      ...definedOnly({ features: payload.features }),
      ...(payload.mpg ? mpgColumns(payload.mpg) : {}),
    });
    return this.ownListing(id, userId);
  }

  /** One click on the dashboard: the listing counts its renewal period in search from now. */
  async renew(id: string, userId: string): Promise<Listing> {
    const row = await this.requireOwnListing(id, userId);
    if (row.status === 'sold') throw new ConflictError('A sold listing cannot be renewed', 'LISTING_SOLD');
    await this.listings.renew(id, this.freshness.now());
    return this.ownListing(id, userId);
  }

  /** The owner marks the listing sold, or active again (a draft again when short of photos). */
  async setStatus(id: string, userId: string, status: ListingStatus): Promise<Listing> {
    await this.requireOwnListing(id, userId);
    await this.listings.setStatus(id, status);
    return this.ownListing(id, userId);
  }

  /**
   * Deletes the listing with its photos, views and favorites; conversations about it stay, under
   * the title they recorded. Files go after the row, so no listing ever points at a missing photo.
   */
  async remove(id: string, userId: string): Promise<void> {
    await this.requireOwnListing(id, userId);
    const images = (await this.listings.imagesFor([id])).get(id) ?? [];
    await this.listings.delete(id);
    await deletePhotoFiles(
      this.storage,
      this.log,
      images.map((image) => image.publicId),
    );
  }

  /** The listing row when `userId` owns it: 404 for unknown ids, 403 for anyone else's. */
  async requireOwnListing(id: string, userId: string): Promise<ListingRow> {
    const row = isUuid(id) ? await this.listings.findById(id) : undefined;
    if (!row) throw listingNotFound();
    if (row.listing.sellerId !== userId) throw new ForbiddenError('Not your listing', 'NOT_LISTING_OWNER');
    return row.listing;
  }

  private async ownListing(id: string, userId: string): Promise<Listing> {
    const row = await this.listings.findById(id);
    if (!row) throw listingNotFound();
    const [listing] = await this.present([row], userId);
    return listing!;
  }

  /**
   * Make, model and trim as they are stored: the catalogue's spelling when it knows the name (any
   * year, so a 1965 Ford is still "Ford"), else the spelling other listings already use (case-blind),
   * else the typed name in tidy case. Cars older than the catalogue, or models it lacks, are typed
   * by the seller (spec: any year from 1900), and this keeps "FORD" and "Ford" one search facet.
   * A trim the catalogue knows for the year takes its spelling and engine.
   */
  private async vehicleNames(vehicle: {
    year: number;
    make: string;
    model: string;
    trim: string | null;
  }): Promise<CatalogueVehicle> {
    const catalogueMake = this.catalogue
      .makes('all')
      .find((entry) => sameName(entry.make, vehicle.make) || entry.makeId === vehicle.make);
    const catalogueModel =
      catalogueMake &&
      this.catalogue
        .models('all', catalogueMake.make)
        .find((entry) => sameName(entry.model, vehicle.model) || entry.modelId === vehicle.model);
    const inUse = catalogueModel ? undefined : await this.listings.spellingInUse(vehicle.make, vehicle.model);
    const makeInUse = catalogueMake || inUse ? undefined : await this.listings.spellingInUse(vehicle.make);
    const make = catalogueMake?.make ?? inUse?.make ?? makeInUse?.make ?? tidyCase(vehicle.make);
    const model = catalogueModel?.model ?? inUse?.model ?? tidyCase(vehicle.model);
    const typedTrim = vehicle.trim;
    const trim =
      typedTrim && catalogueModel
        ? this.catalogue.trims(vehicle.year, make, model).find((entry) => sameName(entry.trim, typedTrim))
        : undefined;
    return {
      make,
      model,
      trim: trim?.trim ?? (typedTrim && tidyCase(typedTrim)),
      engine: trim?.engineSize ?? null,
    };
  }
}

/**
 * A typed name with single spaces, and words typed all in one case capitalised ("FORD" and "ford"
 * become "Ford"); short all-capital words stay ("AMC", "GT"), and mixed case is the seller's choice.
 */
export function tidyCase(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const lower = word.toLowerCase();
      const allCapitals = word === word.toUpperCase();
      if (word !== lower && !(allCapitals && word.length > 3)) return word;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

function mpgColumns(mpg: VehicleMpg) {
  return { cityMpg: mpg.city, highwayMpg: mpg.highway, combinedMpg: mpg.combined };
}

/** The changes the payload gives; a field left out (undefined) keeps its stored value. */
function definedOnly<T extends object>(changes: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}

function listingNotFound(): NotFoundError {
  return new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
}
