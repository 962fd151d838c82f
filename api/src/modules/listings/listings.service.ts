import { createHash } from 'node:crypto';
import type { ListingStatus } from '@carmarket/shared/constants';
import type { Listing, Pagination, VehicleMpg } from '@carmarket/shared/contracts';
import type {
  CreateListingPayload,
  UpdateListingPayload,
  UpdateVehiclePayload,
} from '@carmarket/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '../../db/uuid.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import type { PhotoStorage } from '../../storage/storage.js';
import { catalogueService, type CatalogueService } from '../catalogue/catalogue.service.js';
import { zipCoordinates } from '../geocoding/zip-coordinates.js';
import { deletePhotoFiles } from '../uploads/photo-files.js';
import type { UsersRepository } from '../users/users.repository.js';
import { toListingDto } from './listing-dto.js';
import type {
  ListingPage,
  ListingRow,
  ListingsRepository,
  ListingWithSeller,
} from './listings.repository.js';

export interface ListingList {
  data: Listing[];
  pagination: Pagination;
}

/** Who is looking: the signed-in user, or a guest known only by network address. */
export interface Viewer {
  userId: string | null;
  ip: string;
}

/** The catalogue's spelling of a vehicle, and the engine of its trim when the catalogue knows it. */
interface CatalogueVehicle {
  make: string;
  model: string;
  trim: string | null;
  engine: string | null;
}

const sameName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

function invalidField(field: string, message: string): BadRequestError {
  return new BadRequestError(message, 'VALIDATION_ERROR', { [field]: message });
}

export class ListingsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly users: UsersRepository,
    private readonly storage: PhotoStorage,
    private readonly log: FastifyBaseLogger,
    private readonly catalogue: CatalogueService = catalogueService(),
  ) {}

  /** Shapes rows for the API, loading images and the viewer's favorites for all of them at once. */
  async present(rows: ListingWithSeller[], viewerId: string | null): Promise<Listing[]> {
    const ids = rows.map((row) => row.listing.id);
    const [images, favorites] = await Promise.all([
      this.listings.imagesFor(ids),
      viewerId ? this.listings.favoritedAmong(viewerId, ids) : new Set<string>(),
    ]);
    return rows.map((row) =>
      toListingDto(row, images.get(row.listing.id) ?? [], favorites.has(row.listing.id)),
    );
  }

  async presentPage(page: ListingPage, request: PageRequest, viewerId: string | null): Promise<ListingList> {
    return { data: await this.present(page.rows, viewerId), pagination: paginate(page.total, request) };
  }

  /**
   * The listing page; opening someone else's listing counts one view per viewer per day. A draft
   * (fewer than 4 photos) exists only for its owner.
   */
  async getListing(id: string, viewer: Viewer): Promise<Listing> {
    const row = isUuid(id) ? await this.listings.findById(id) : undefined;
    if (!row || (row.listing.status === 'draft' && row.listing.sellerId !== viewer.userId)) {
      throw listingNotFound();
    }
    if (row.listing.sellerId !== viewer.userId) {
      const counted = await this.listings.recordView(
        id,
        viewerKey(viewer),
        new Date().toISOString().slice(0, 10),
      );
      if (counted) row.listing.views += 1;
    }
    const [listing] = await this.present([row], viewer.userId);
    return listing!;
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
   * A new listing, as a draft until its photos are uploaded (see the status column). Make and
   * model must be in the catalogue for the year; the coordinates come from the offline ZIP
   * dataset when it knows the ZIP, so radius search never depends on the client's geocoding.
   */
  async create(sellerId: string, payload: CreateListingPayload): Promise<Listing> {
    const { vehicle, price, contactPreferences, hasWarranty, acceptsTradeIn, financingAvailable } = payload;
    const { address, coordinates } = vehicle.location;
    const [longitude, latitude] = coordinates;
    const located = zipCoordinates(address.zipCode) ?? { latitude, longitude };
    const id = await this.listings.insert({
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
      ...this.matchCatalogue(vehicle, 'vehicle.'),
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
    });
    return this.ownListing(id, sellerId);
  }

  /**
   * PUT /listings/{id}: the Listing Details tab. Negotiable and the sale terms are kept when the
   * payload leaves them out.
   */
  async update(id: string, userId: string, payload: UpdateListingPayload): Promise<Listing> {
    await this.requireOwnListing(id, userId);
    const { hasWarranty, acceptsTradeIn, financingAvailable } = payload;
    await this.listings.update(id, {
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
    return this.ownListing(id, userId);
  }

  /**
   * PUT /listings/{id}/vehicle: the Vehicle Information tab. The payload has no trim: a trim
   * (and its engine) is kept while make and model stay, and cleared when they change, since it
   * belonged to the old model. Features and fuel economy are kept when the payload leaves them out.
   */
  async updateVehicle(id: string, userId: string, payload: UpdateVehiclePayload): Promise<Listing> {
    const current = await this.requireOwnListing(id, userId);
    const { make, model } = this.matchCatalogue({ ...payload, trim: null }, '');
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
   * Make and model as the catalogue spells them, for the model year; a 400 on the field (under
   * `prefix`) otherwise. A trim the catalogue knows takes its spelling and engine; any other trim
   * is kept as typed.
   */
  private matchCatalogue(
    vehicle: { year: number; make: string; model: string; trim: string | null },
    prefix: string,
  ): CatalogueVehicle {
    const { year } = vehicle;
    const makes = this.catalogue.years().includes(year) ? this.catalogue.makes(year) : [];
    const make = makes.find((entry) => sameName(entry.make, vehicle.make) || entry.makeId === vehicle.make);
    if (!make) {
      throw invalidField(`${prefix}make`, `${vehicle.make} is not in the vehicle catalogue for ${year}`);
    }
    const model = this.catalogue
      .models(year, make.make)
      .find((entry) => sameName(entry.model, vehicle.model) || entry.modelId === vehicle.model);
    if (!model) {
      throw invalidField(`${prefix}model`, `${vehicle.model} is not a ${make.make} model for ${year}`);
    }
    const typedTrim = vehicle.trim;
    const trim = typedTrim
      ? this.catalogue.trims(year, make.make, model.model).find((entry) => sameName(entry.trim, typedTrim))
      : undefined;
    return {
      make: make.make,
      model: model.model,
      trim: trim?.trim ?? typedTrim,
      engine: trim?.engineSize ?? null,
    };
  }
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

// Guests are told apart by a hash of their address, so raw IPs are never stored.
function viewerKey({ userId, ip }: Viewer): string {
  return userId ? `user:${userId}` : `ip:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
}
