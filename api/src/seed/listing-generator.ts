import { randomUUID } from 'node:crypto';
import {
  FEATURE_CATEGORIES,
  FEATURE_OPTIONS,
  MPG_MAX,
  PRICE_MAX,
  PRICE_MIN,
  type Condition,
  type ContactMethod,
  type FeatureCategory,
  type FeatureName,
  type TitleStatus,
  type Transmission,
} from '@carmarket/shared/constants';
import { vinCheckDigit, vinYearCode, wmisForMake } from '@carmarket/shared/schemas';
import type { ListingFeatures } from '../db/schema.js';
import { catalogueService, type CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { NewListingRow } from '../modules/listings/listings.repository.js';
import type { City } from './places.js';
import { weighted, type Random } from './random.js';
import { VEHICLE_PROFILES, type VehicleProfile } from './vehicles.js';

export interface DemoSeller {
  id: string;
  name: string;
  role: 'private' | 'dealer';
  city: City;
}

export interface DemoListing {
  row: NewListingRow & { id: string };
  profile: VehicleProfile;
}

const OLDEST_YEAR = 1995;
const MILES_PER_YEAR = 11_500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Demo listings were posted over the last three months. */
const LISTED_WITHIN_DAYS = 90;

/** Weighted choice among the keys of a table of shares. */
const shares = <T extends string>(table: Record<T, number>) =>
  weighted(Object.entries(table) as [T, number][]);

// Shares close to the US used-car market.
const pickExterior = shares({
  White: 22,
  Black: 19,
  Gray: 16,
  Silver: 14,
  Blue: 10,
  Red: 9,
  Green: 3,
  Brown: 2,
  Beige: 2,
  Gold: 1,
  Orange: 1,
  Yellow: 1,
});
const pickInterior = shares({ Black: 55, Gray: 22, Beige: 13, Tan: 6, Brown: 4 });
const pickTitleStatus = shares<TitleStatus>({ clean: 88, rebuilt: 6, salvage: 5, lemon: 1 });
const pickContactMethod = shares<ContactMethod>({ email: 40, both: 35, phone: 25 });
const VIN_LETTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ'];
const VIN_CHARACTERS = [...VIN_LETTERS, ...'0123456789'];

// Asking price relative to a car in good condition; title brands cut the price hard.
const CONDITION_FACTOR: Record<Condition, number> = { excellent: 1.12, good: 1, fair: 0.8, poor: 0.55 };
const TITLE_FACTOR: Record<TitleStatus, number> = { clean: 1, rebuilt: 0.7, salvage: 0.5, lemon: 0.6 };

/** The share of listings whose car has a feature, given the car. */
type FeatureShare = (car: CarFacts) => number;

interface CarFacts {
  year: number;
  profile: VehicleProfile;
  dealer: boolean;
}

const since = (year: number, from: number, share: number, before = 0) => (year >= from ? share : before);
const isTruckOrBigSuv = ({ profile }: CarFacts) =>
  profile.bodyType === 'truck' || (profile.bodyType === 'suv' && profile.threeRows);

const hasFoldingRearSeats = ({ profile }: CarFacts) =>
  ['hatchback', 'wagon', 'suv', 'van'].includes(profile.bodyType)
    ? 0.9
    : profile.bodyType === 'sedan'
      ? 0.4
      : 0;

/** Every feature of the shared list (the names sellers tick in the wizard) with its share. */
const FEATURE_SHARES: { [C in FeatureCategory]: Record<FeatureName<C>, FeatureShare> } = {
  safety: {
    ABS: ({ year }) => since(year, 2000, 0.95, 0.6),
    'Traction Control': ({ year }) => since(year, 2008, 0.9, 0.3),
    // Electronic stability control is required on every car from the 2012 model year.
    'Stability Control': ({ year }) => since(year, 2012, 1, since(year, 2005, 0.4)),
    'Backup Camera': ({ year }) => (year >= 2018 ? 1 : since(year, 2012, 0.55)),
    'Blind Spot Monitoring': ({ year }) => since(year, 2020, 0.6, since(year, 2014, 0.25)),
    'Forward Collision Warning': ({ year }) => since(year, 2020, 0.65, since(year, 2016, 0.3)),
    'Automatic Emergency Braking': ({ year }) => since(year, 2022, 0.9, since(year, 2017, 0.35)),
    'Lane Departure Warning': ({ year }) => since(year, 2020, 0.55, since(year, 2016, 0.25)),
    'Adaptive Cruise Control': ({ year }) => since(year, 2021, 0.5, since(year, 2016, 0.2)),
    'Parking Sensors': ({ profile }) => (profile.luxury ? 0.6 : 0.2),
  },
  interior: {
    'Leather Seats': ({ profile }) => (profile.luxury ? 0.85 : 0.3),
    'Heated Seats': ({ year, profile }) => since(year, 2008, profile.luxury ? 0.8 : 0.35, 0.1),
    'Power Seats': ({ profile }) => (profile.luxury ? 0.9 : 0.35),
    'Ventilated Seats': ({ year, profile }) => (profile.luxury ? since(year, 2014, 0.3) : 0),
    'Heated Steering Wheel': ({ year, profile }) => since(year, 2014, profile.luxury ? 0.45 : 0.12),
    'Dual-Zone Climate Control': ({ year }) => since(year, 2008, 0.45, 0.15),
    'Third Row Seating': ({ profile }) => (profile.threeRows ? 1 : 0),
    'Folding Rear Seats': hasFoldingRearSeats,
  },
  technology: {
    Bluetooth: ({ year }) => since(year, 2015, 0.95, since(year, 2009, 0.6)),
    'Apple CarPlay': ({ year }) => since(year, 2017, 0.75),
    'Android Auto': ({ year }) => since(year, 2017, 0.7),
    'Navigation System': ({ year, profile }) => since(year, 2006, profile.luxury ? 0.7 : 0.25),
    Touchscreen: ({ year }) => since(year, 2014, 0.8, since(year, 2008, 0.2)),
    'Keyless Entry': ({ year }) => since(year, 2000, 0.75, 0.3),
    'Push-Button Start': ({ year, profile }) => since(year, 2010, profile.luxury ? 0.9 : 0.45),
    'Remote Start': ({ year }) => since(year, 2010, 0.25),
    'Premium Audio': ({ profile }) => (profile.luxury ? 0.6 : 0.2),
    'Wireless Charging': ({ year }) => since(year, 2019, 0.3),
  },
  exterior: {
    'Alloy Wheels': () => 0.6,
    Sunroof: ({ profile }) => (profile.luxury ? 0.6 : 0.25),
    'Tow Package': (car) => (isTruckOrBigSuv(car) ? 0.55 : 0),
    'Roof Rack': ({ profile }) => (profile.bodyType === 'suv' || profile.bodyType === 'wagon' ? 0.5 : 0),
    'Bed Liner': ({ profile }) => (profile.bodyType === 'truck' ? 0.6 : 0),
    'Running Boards': (car) => (isTruckOrBigSuv(car) ? 0.4 : 0),
    'LED Headlights': ({ year }) => since(year, 2016, 0.45),
    'Fog Lights': () => 0.3,
    'Power Liftgate': ({ year, profile }) =>
      profile.bodyType === 'suv' || profile.bodyType === 'van' ? since(year, 2012, 0.35) : 0,
  },
  other: {
    'Service Records': ({ dealer }) => (dealer ? 0.6 : 0.4),
    'One Owner': () => 0.3,
    'Non-Smoker': () => 0.4,
    'Garage Kept': ({ dealer }) => (dealer ? 0.05 : 0.25),
    'Spare Key': () => 0.4,
    'New Tires': () => 0.2,
  },
};

/**
 * Makes demo listings that read like real ones: a catalogue vehicle of a plausible age (most
 * between 6 and 18 years old, as on a marketplace for cars under $10k), mileage that follows
 * the age, condition that follows both, an asking price from a depreciated new price, equipment
 * of its era, and a title and description written from those facts.
 */
/** The highest demo asking price: the site is for cars under $10k. */
export const DEMO_PRICE_MAX = 9_995;
const MAX_PRICE_ATTEMPTS = 50;

export class ListingGenerator {
  private readonly pickProfile = weighted(
    VEHICLE_PROFILES.map((profile) => [profile, profile.popularity] as const),
  );
  private readonly yearPickers = new Map<VehicleProfile, (random: Random) => number>();

  constructor(
    private readonly random: Random,
    private readonly now: Date,
    private readonly catalogue: CatalogueService = catalogueService(),
  ) {}

  /** The model years the catalogue lists for the profile, from 1995 to this year. */
  modelYears(profile: VehicleProfile): number[] {
    const years: number[] = [];
    for (let year = OLDEST_YEAR; year <= this.now.getFullYear(); year += 1) {
      if (this.catalogue.models(year, profile.make).some((entry) => entry.model === profile.model))
        years.push(year);
    }
    return years;
  }

  /**
   * A listing priced under the site's promise ($10k): cars that would ask more are drawn again, so
   * the demo keeps the realistic mix of what does fit (older, higher-mileage, cheaper models).
   */
  generate(seller: DemoSeller): DemoListing {
    for (let attempt = 1; ; attempt += 1) {
      const listing = this.generateAnyPrice(seller);
      if (listing.row.priceAmount <= DEMO_PRICE_MAX) return listing;
      // Practically never reached; a bound keeps a pathological profile list from looping forever.
      if (attempt === MAX_PRICE_ATTEMPTS)
        return { ...listing, row: { ...listing.row, priceAmount: DEMO_PRICE_MAX } };
    }
  }

  private generateAnyPrice(seller: DemoSeller): DemoListing {
    const { random } = this;
    const profile = this.pickProfile(random);
    const year = this.pickYear(profile);
    const age = Math.max(0, this.now.getFullYear() - year);
    const trims = this.catalogue.trims(year, profile.make, profile.model);
    const trim = trims.length > 0 ? random.pick(trims) : undefined;
    const mileage = this.mileageFor(age);
    const condition = this.conditionFor(age, mileage);
    const titleStatus = pickTitleStatus(random);
    const dealer = seller.role === 'dealer';
    const car: CarFacts = { year, profile, dealer };
    const features = this.featuresFor(car);
    const exteriorColor = pickExterior(random);
    const priceAmount = this.priceFor(profile, age, mileage, condition, titleStatus);
    const negotiable = random.chance(dealer ? 0.3 : 0.55);
    const place = random.pick(seller.city.zips);
    const transmission: Transmission =
      trim?.transmission ?? (profile.bodyType === 'coupe' && random.chance(0.25) ? 'manual' : 'automatic');
    const preferredContact = pickContactMethod(random);
    const name = `${year} ${profile.make} ${profile.model}${trim ? ` ${trim.trim}` : ''}`;
    return {
      profile,
      row: {
        id: randomUUID(),
        sellerId: seller.id,
        status: random.chance(0.08) ? 'sold' : 'active',
        title: this.titleFor(name, mileage, age, features, profile),
        description: this.describe({
          name,
          age,
          mileage,
          condition,
          titleStatus,
          exteriorColor,
          negotiable,
          seller,
        }),
        priceAmount,
        negotiable,
        contactPhone:
          preferredContact === 'email' && random.chance(0.5)
            ? null
            : `${seller.city.areaCode}-555-01${String(random.int(0, 99)).padStart(2, '0')}`,
        preferredContact,
        make: profile.make,
        model: profile.model,
        year,
        trim: trim?.trim ?? null,
        mileage,
        vin: dealer || random.chance(0.5) ? this.vin(profile.make, year) : null,
        bodyType: profile.bodyType,
        fuelType: profile.bodyType === 'truck' && random.chance(0.08) ? 'diesel' : profile.fuelType,
        transmission,
        drivetrain: random.chance(0.7) ? profile.drivetrains[0]! : random.pick(profile.drivetrains),
        engine: trim?.engineSize ?? null,
        exteriorColor,
        interiorColor: pickInterior(random),
        doors: profile.doors === 2 && profile.bodyType === 'suv' && random.chance(0.6) ? 4 : profile.doors,
        condition,
        titleStatus,
        features,
        ...this.mpgFor(profile, year, dealer),
        ...this.termsFor(age, dealer),
        city: seller.city.city,
        state: seller.city.state,
        zipCode: place.zipCode,
        latitude: place.latitude,
        longitude: place.longitude,
        views: Math.floor(random.next() ** 2 * 400),
        // Recent listings are more common than old ones.
        createdAt: new Date(this.now.getTime() - random.next() ** 1.5 * LISTED_WITHIN_DAYS * DAY_MS),
      },
    };
  }

  /** Ages around 12 years are the most common; any year the model was made remains possible. */
  private pickYear(profile: VehicleProfile): number {
    let picker = this.yearPickers.get(profile);
    if (!picker) {
      const thisYear = this.now.getFullYear();
      const years = this.modelYears(profile);
      if (years.length === 0) throw new Error(`No catalogue years for ${profile.make} ${profile.model}`);
      picker = weighted(
        years.map((year) => [year, Math.exp(-((thisYear - year - 12) ** 2) / 72) + 0.03] as const),
      );
      this.yearPickers.set(profile, picker);
    }
    return picker(this.random);
  }

  /** Around 11,500 miles a year, most cars within half to twice that. */
  private mileageFor(age: number): number {
    const typical = Math.max(0.4, age) * MILES_PER_YEAR;
    const spread = Math.min(1.9, Math.max(0.45, Math.exp(this.random.normal(0, 0.3))));
    return Math.min(350_000, Math.round((typical * spread + this.random.int(0, 2500)) / 100) * 100);
  }

  private conditionFor(age: number, mileage: number): Condition {
    const wear = age / 12 + mileage / 180_000 + this.random.normal(0, 0.45);
    if (wear < 0.9) return 'excellent';
    if (wear < 2) return 'good';
    if (wear < 3) return 'fair';
    return 'poor';
  }

  /**
   * The new price, depreciated by age (faster for luxury cars), adjusted for mileage against the
   * typical, condition and title, with some noise; rounded like asking prices are.
   */
  private priceFor(
    profile: VehicleProfile,
    age: number,
    mileage: number,
    condition: Condition,
    titleStatus: TitleStatus,
  ): number {
    const { random } = this;
    const retained = 0.82 * (profile.luxury ? 0.84 : 0.87) ** age;
    const mileageRatio = mileage / (Math.max(1, age) * MILES_PER_YEAR);
    const mileageFactor = Math.min(1.15, Math.max(0.75, 1.12 - 0.12 * mileageRatio));
    let price =
      profile.msrp *
      retained *
      mileageFactor *
      CONDITION_FACTOR[condition] *
      TITLE_FACTOR[titleStatus] *
      random.between(0.88, 1.12);
    // Old cars keep a floor value; a few are sold for parts or as project cars.
    price = random.chance(0.01) ? random.between(PRICE_MIN, 600) : Math.max(price, random.between(500, 1500));
    const rounded =
      price < 2000
        ? Math.round(price / 50) * 50
        : Math.round(price / 100) * 100 - (random.chance(0.4) ? 5 : 0);
    return Math.min(PRICE_MAX, Math.max(PRICE_MIN, rounded));
  }

  /** Features in the shared list's order, as the API stores what a seller ticks. */
  private featuresFor(car: CarFacts): ListingFeatures {
    const features = {} as ListingFeatures;
    for (const category of FEATURE_CATEGORIES) {
      const shares: Record<string, FeatureShare> = FEATURE_SHARES[category];
      features[category] = FEATURE_OPTIONS[category].filter((name) => this.random.chance(shares[name]!(car)));
    }
    return features;
  }

  /**
   * Rated city, highway and combined MPG for the body, fuel and era (MPGe for electric cars, which
   * do better in town; so do hybrids). Some private sellers leave them out.
   */
  private mpgFor(profile: VehicleProfile, year: number, dealer: boolean) {
    if (this.random.chance(dealer ? 0.03 : 0.15))
      return { cityMpg: null, highwayMpg: null, combinedMpg: null };
    if (profile.fuelType === 'electric') {
      const city = Math.min(MPG_MAX, 110 + Math.max(0, year - 2011) + this.random.int(-8, 8));
      const highway = city - this.random.int(12, 22);
      return { cityMpg: city, highwayMpg: highway, combinedMpg: Math.round(city * 0.55 + highway * 0.45) };
    }
    const base = {
      sedan: 26,
      hatchback: 29,
      coupe: 21,
      convertible: 23,
      wagon: 24,
      suv: 20,
      van: 18,
      truck: 16,
    }[profile.bodyType];
    const hybridBonus = profile.fuelType === 'hybrid' || profile.fuelType === 'plugin_hybrid' ? 20 : 0;
    // Engines got steadily more efficient.
    const city = Math.round(base + hybridBonus + (year - 2005) * 0.25 + this.random.int(-2, 2));
    const highway = city + (hybridBonus ? -3 : this.random.int(6, 9));
    return { cityMpg: city, highwayMpg: highway, combinedMpg: Math.round(city * 0.55 + highway * 0.45) };
  }

  /**
   * Dealers offer financing and take trades, and often sell with a warranty; a private seller's
   * warranty is what is left of the factory one on a car a few years old.
   */
  private termsFor(age: number, dealer: boolean) {
    const { random } = this;
    return {
      hasWarranty: random.chance(dealer ? (age <= 6 ? 0.6 : 0.25) : age <= 4 ? 0.45 : 0.02),
      acceptsTradeIn: random.chance(dealer ? 0.85 : 0.1),
      financingAvailable: dealer && random.chance(0.75),
    };
  }

  private titleFor(
    name: string,
    mileage: number,
    age: number,
    features: ListingFeatures,
    profile: VehicleProfile,
  ) {
    const highlights = [
      mileage < Math.max(1, age) * 8000 ? 'Low Miles' : undefined,
      features.other.includes('One Owner') ? 'One Owner' : undefined,
      profile.drivetrains.includes('4wd') ? '4x4' : undefined,
      'Clean Inside and Out',
      'Well Maintained',
      'Runs Great',
      'Great Commuter',
      'Must See',
    ].filter((text): text is string => Boolean(text));
    return this.random.chance(0.7) ? `${name} - ${this.random.pick(highlights)}` : name;
  }

  private describe(facts: {
    name: string;
    age: number;
    mileage: number;
    condition: Condition;
    titleStatus: TitleStatus;
    exteriorColor: string;
    negotiable: boolean;
    seller: DemoSeller;
  }): string {
    const { random } = this;
    const { name, mileage, condition, titleStatus, exteriorColor, negotiable, seller } = facts;
    const miles = mileage.toLocaleString('en-US');
    const opening =
      seller.role === 'dealer'
        ? `This ${exteriorColor.toLowerCase()} ${name} with ${miles} miles is available now at ${seller.name} in ${seller.city.city}.`
        : random.pick([
            `Selling my ${exteriorColor.toLowerCase()} ${name} with ${miles} miles.`,
            `${name} in ${exteriorColor.toLowerCase()}, ${miles} miles on the clock.`,
            `Up for sale is our family's ${name}. It has ${miles} miles.`,
          ]);
    const conditionText = {
      excellent: 'It is in excellent condition inside and out, no dents, no rust and no warning lights.',
      good: 'It is in good shape overall with only minor cosmetic wear for its age.',
      fair: 'It shows its age with some dings and scratches, but it starts every time and drives fine.',
      poor: 'It needs some work: the check engine light is on and there is rust on the body, priced accordingly.',
    }[condition];
    const care = random
      .shuffle([
        'Oil changed every 5,000 miles.',
        'New brakes and rotors last year.',
        'Battery replaced recently.',
        'Tires have plenty of tread left.',
        'The A/C blows cold.',
        'No accidents that I know of.',
        ...(mileage > 100_000 ? ['Timing belt and water pump done at 100k.'] : []),
      ])
      .slice(0, random.int(1, 3));
    const title = {
      clean: 'Clean title in hand.',
      rebuilt: 'Rebuilt title after a minor accident, repaired professionally with receipts.',
      salvage: 'Salvage title, sold as is.',
      lemon: 'Manufacturer buyback (lemon title); the original issue was fixed under warranty.',
    }[titleStatus];
    const closing =
      seller.role === 'dealer'
        ? random.pick([
            'Financing available and trade-ins welcome.',
            'Call or message us to schedule a test drive.',
          ])
        : negotiable
          ? 'Open to reasonable offers, message me with any questions.'
          : random.pick([
              'Price is firm. Serious buyers only, please.',
              'No trades. Message me to see it in person.',
            ]);
    return [opening, conditionText, ...care, title, closing].join(' ');
  }

  /**
   * A made-up serial that decodes like the real thing: the make's manufacturer code, the model
   * year's code and a valid check digit. Positions are rewritten from the 17 drawn characters
   * rather than drawn again, so the rest of the seed is the same as before. No VIN before 1981,
   * when the 17-character format began.
   */
  private vin(make: string, year: number): string | null {
    const characters = Array.from({ length: 17 }, () => this.random.pick(VIN_CHARACTERS));
    const yearCode = vinYearCode(year);
    if (year < 1981 || yearCode === null) return null;
    const wmis = wmisForMake(make);
    const seed = VIN_CHARACTERS.indexOf(characters[3]!);
    if (wmis.length > 0) characters.splice(0, 3, ...wmis[seed % wmis.length]!);
    // Position 7 is a letter from 2010 on and a digit before, which places the year code's cycle.
    characters[6] = year >= 2010 ? VIN_LETTERS[seed % VIN_LETTERS.length]! : String(seed % 10);
    characters[9] = yearCode;
    const vin = characters.join('');
    return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
  }
}
