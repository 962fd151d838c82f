import type { BodyType, Drivetrain, FuelType } from '@carmarket/shared/constants';

/**
 * The models demo listings are drawn from: the common US used cars, with what the catalogue does
 * not record (body, doors, drivetrains, fuel) and what pricing needs. Years, trims, engines and
 * transmissions come from the catalogue, which must hold every make and model named here.
 */
export interface VehicleProfile {
  make: string;
  model: string;
  bodyType: BodyType;
  doors: number;
  /** The usual drivetrain first. */
  drivetrains: readonly Drivetrain[];
  fuelType: FuelType;
  /** A typical new price in today's dollars: the base of the asking price. */
  msrp: number;
  /** Relative share of used-car listings. */
  popularity: number;
  /** Luxury brands lose value faster and come better equipped. */
  luxury: boolean;
  /** Seats in a third row (large SUVs, minivans). */
  threeRows: boolean;
}

type Row = [
  make: string,
  model: string,
  bodyType: BodyType,
  doors: number,
  drivetrains: string,
  msrp: number,
  popularity: number,
  extra?: string,
];

// extra: a fuel type other than gasoline, 'luxury' and/or 'three-rows', space-separated.
const ROWS: Row[] = [
  ['Honda', 'Civic', 'sedan', 4, 'fwd', 24_000, 10],
  ['Honda', 'Accord', 'sedan', 4, 'fwd', 28_000, 9],
  ['Honda', 'CR-V', 'suv', 4, 'fwd awd', 30_000, 8],
  ['Honda', 'Odyssey', 'van', 4, 'fwd', 36_000, 4, 'three-rows'],
  ['Honda', 'Fit', 'hatchback', 4, 'fwd', 18_000, 3],
  ['Honda', 'Pilot', 'suv', 4, 'awd fwd', 38_000, 4, 'three-rows'],
  ['Toyota', 'Corolla', 'sedan', 4, 'fwd', 22_000, 10],
  ['Toyota', 'Camry', 'sedan', 4, 'fwd', 27_000, 10],
  ['Toyota', 'RAV4', 'suv', 4, 'awd fwd', 30_000, 7],
  ['Toyota', 'Prius', 'hatchback', 4, 'fwd', 27_000, 5, 'hybrid'],
  ['Toyota', 'Tacoma', 'truck', 4, '4wd rwd', 34_000, 6],
  ['Toyota', 'Highlander', 'suv', 4, 'awd fwd', 38_000, 5, 'three-rows'],
  ['Toyota', 'Sienna', 'van', 4, 'fwd', 38_000, 3, 'three-rows'],
  ['Toyota', 'Tundra', 'truck', 4, '4wd rwd', 45_000, 3],
  ['Toyota', '4Runner', 'suv', 4, '4wd rwd', 40_000, 4],
  ['Toyota', 'Yaris', 'hatchback', 4, 'fwd', 17_000, 2],
  ['Ford', 'F-150', 'truck', 4, '4wd rwd', 42_000, 10],
  ['Ford', 'Focus', 'sedan', 4, 'fwd', 20_000, 6],
  ['Ford', 'Fusion', 'sedan', 4, 'fwd awd', 25_000, 6],
  ['Ford', 'Escape', 'suv', 4, 'fwd awd', 28_000, 7],
  ['Ford', 'Explorer', 'suv', 4, '4wd fwd awd', 38_000, 6, 'three-rows'],
  ['Ford', 'Mustang', 'coupe', 2, 'rwd', 32_000, 4],
  ['Ford', 'Ranger', 'truck', 2, 'rwd 4wd', 30_000, 4],
  ['Ford', 'Edge', 'suv', 4, 'fwd awd', 34_000, 3],
  ['Ford', 'Taurus', 'sedan', 4, 'fwd', 30_000, 3],
  ['Ford', 'Expedition', 'suv', 4, '4wd rwd', 52_000, 2, 'three-rows'],
  ['Chevrolet', 'Silverado 1500', 'truck', 4, '4wd rwd', 42_000, 9],
  ['Chevrolet', 'Malibu', 'sedan', 4, 'fwd', 25_000, 7],
  ['Chevrolet', 'Impala', 'sedan', 4, 'fwd', 29_000, 6],
  ['Chevrolet', 'Cruze', 'sedan', 4, 'fwd', 21_000, 5],
  ['Chevrolet', 'Equinox', 'suv', 4, 'fwd awd', 28_000, 7],
  ['Chevrolet', 'Tahoe', 'suv', 4, '4wd rwd', 55_000, 4, 'three-rows'],
  ['Chevrolet', 'Suburban', 'suv', 4, '4wd rwd', 58_000, 2, 'three-rows'],
  ['Chevrolet', 'Camaro', 'coupe', 2, 'rwd', 32_000, 2],
  ['Chevrolet', 'Colorado', 'truck', 4, 'rwd 4wd', 32_000, 2],
  ['Chevrolet', 'Traverse', 'suv', 4, 'fwd awd', 36_000, 3, 'three-rows'],
  ['Chevrolet', 'Sonic', 'sedan', 4, 'fwd', 18_000, 2],
  ['Chevrolet', 'Spark', 'hatchback', 4, 'fwd', 15_000, 2],
  ['Chevrolet', 'Bolt EV', 'hatchback', 4, 'fwd', 33_000, 1, 'electric'],
  ['Chevrolet', 'Volt', 'hatchback', 4, 'fwd', 34_000, 1, 'plugin_hybrid'],
  ['Nissan', 'Altima', 'sedan', 4, 'fwd', 26_000, 8],
  ['Nissan', 'Sentra', 'sedan', 4, 'fwd', 20_000, 7],
  ['Nissan', 'Rogue', 'suv', 4, 'fwd awd', 28_000, 6],
  ['Nissan', 'Maxima', 'sedan', 4, 'fwd', 36_000, 3],
  ['Nissan', 'Versa', 'sedan', 4, 'fwd', 16_000, 4],
  ['Nissan', 'Frontier', 'truck', 4, 'rwd 4wd', 30_000, 3],
  ['Nissan', 'Pathfinder', 'suv', 4, '4wd fwd', 36_000, 3, 'three-rows'],
  ['Nissan', 'Murano', 'suv', 4, 'fwd awd', 35_000, 2],
  ['Nissan', 'Leaf', 'hatchback', 4, 'fwd', 30_000, 1, 'electric'],
  ['Hyundai', 'Elantra', 'sedan', 4, 'fwd', 21_000, 7],
  ['Hyundai', 'Sonata', 'sedan', 4, 'fwd', 26_000, 6],
  ['Hyundai', 'Tucson', 'suv', 4, 'fwd awd', 27_000, 4],
  ['Hyundai', 'Santa Fe', 'suv', 4, 'fwd awd', 31_000, 4],
  ['Hyundai', 'Accent', 'sedan', 4, 'fwd', 16_000, 3],
  ['Kia', 'Optima', 'sedan', 4, 'fwd', 24_000, 5],
  ['Kia', 'Soul', 'hatchback', 4, 'fwd', 20_000, 4],
  ['Kia', 'Sorento', 'suv', 4, 'fwd awd', 30_000, 4],
  ['Kia', 'Sportage', 'suv', 4, 'fwd awd', 26_000, 3],
  ['Kia', 'Forte', 'sedan', 4, 'fwd', 19_000, 3],
  ['Kia', 'Rio', 'sedan', 4, 'fwd', 16_000, 2],
  ['Jeep', 'Grand Cherokee', 'suv', 4, '4wd rwd', 40_000, 6],
  ['Jeep', 'Wrangler', 'suv', 2, '4wd', 35_000, 5],
  ['Jeep', 'Cherokee', 'suv', 4, '4wd fwd', 30_000, 3],
  ['Jeep', 'Liberty', 'suv', 4, '4wd rwd', 25_000, 3],
  ['Jeep', 'Compass', 'suv', 4, 'fwd 4wd', 25_000, 2],
  ['Jeep', 'Patriot', 'suv', 4, 'fwd 4wd', 21_000, 2],
  ['Dodge', 'Charger', 'sedan', 4, 'rwd awd', 33_000, 5],
  ['Dodge', 'Grand Caravan', 'van', 4, 'fwd', 28_000, 5, 'three-rows'],
  ['Dodge', 'Durango', 'suv', 4, 'awd rwd', 38_000, 3, 'three-rows'],
  ['Dodge', 'Challenger', 'coupe', 2, 'rwd', 33_000, 3],
  ['Dodge', 'Journey', 'suv', 4, 'fwd', 24_000, 3],
  ['Ram', '1500', 'truck', 4, '4wd rwd', 42_000, 7],
  ['Subaru', 'Outback', 'wagon', 4, 'awd', 30_000, 5],
  ['Subaru', 'Forester', 'suv', 4, 'awd', 28_000, 5],
  ['Subaru', 'Impreza', 'sedan', 4, 'awd', 21_000, 3],
  ['Subaru', 'Legacy', 'sedan', 4, 'awd', 25_000, 2],
  ['Subaru', 'Crosstrek', 'suv', 4, 'awd', 25_000, 3],
  ['Mazda', 'Mazda3', 'sedan', 4, 'fwd', 22_000, 4],
  ['Mazda', 'Mazda6', 'sedan', 4, 'fwd', 26_000, 2],
  ['Mazda', 'CX-5', 'suv', 4, 'fwd awd', 28_000, 4],
  ['Mazda', 'MX-5 Miata', 'convertible', 2, 'rwd', 29_000, 2],
  ['Volkswagen', 'Jetta', 'sedan', 4, 'fwd', 21_000, 5],
  ['Volkswagen', 'Passat', 'sedan', 4, 'fwd', 26_000, 3],
  ['Volkswagen', 'Golf', 'hatchback', 4, 'fwd', 23_000, 2],
  ['Volkswagen', 'Beetle', 'hatchback', 2, 'fwd', 22_000, 2],
  ['Volkswagen', 'Tiguan', 'suv', 4, 'fwd awd', 28_000, 2],
  ['BMW', '3 Series', 'sedan', 4, 'rwd awd', 43_000, 5, 'luxury'],
  ['BMW', '5 Series', 'sedan', 4, 'rwd awd', 55_000, 2, 'luxury'],
  ['BMW', 'X3', 'suv', 4, 'awd', 45_000, 2, 'luxury'],
  ['BMW', 'X5', 'suv', 4, 'awd', 60_000, 2, 'luxury'],
  ['Mercedes-Benz', 'C-Class', 'sedan', 4, 'rwd awd', 44_000, 4, 'luxury'],
  ['Mercedes-Benz', 'E-Class', 'sedan', 4, 'rwd awd', 57_000, 2, 'luxury'],
  ['Lexus', 'RX', 'suv', 4, 'fwd awd', 48_000, 3, 'luxury'],
  ['Lexus', 'ES', 'sedan', 4, 'fwd', 42_000, 3, 'luxury'],
  ['Audi', 'A4', 'sedan', 4, 'awd fwd', 40_000, 3, 'luxury'],
  ['Acura', 'TL', 'sedan', 4, 'fwd', 35_000, 2, 'luxury'],
  ['Acura', 'MDX', 'suv', 4, 'awd', 47_000, 2, 'luxury three-rows'],
  ['GMC', 'Sierra 1500', 'truck', 4, '4wd rwd', 44_000, 4],
  ['GMC', 'Yukon', 'suv', 4, '4wd rwd', 58_000, 2, 'three-rows'],
  ['GMC', 'Acadia', 'suv', 4, 'fwd awd', 38_000, 2, 'three-rows'],
  ['Buick', 'Enclave', 'suv', 4, 'fwd awd', 44_000, 2, 'three-rows'],
  ['Buick', 'LaCrosse', 'sedan', 4, 'fwd', 33_000, 2],
  ['Chrysler', '200', 'sedan', 4, 'fwd', 23_000, 2],
  ['Chrysler', '300', 'sedan', 4, 'rwd awd', 33_000, 3],
  ['Chrysler', 'Town & Country', 'van', 4, 'fwd', 30_000, 3, 'three-rows'],
  ['Tesla', 'Model 3', 'sedan', 4, 'rwd awd', 42_000, 2, 'electric luxury'],
];

const FUELS = new Set<FuelType>(['diesel', 'electric', 'hybrid', 'plugin_hybrid']);

export const VEHICLE_PROFILES: readonly VehicleProfile[] = ROWS.map(
  ([make, model, bodyType, doors, drivetrains, msrp, popularity, extra = '']) => {
    const flags = extra.split(' ');
    return {
      make,
      model,
      bodyType,
      doors,
      drivetrains: drivetrains.split(' ') as Drivetrain[],
      fuelType: (flags.find((flag) => FUELS.has(flag as FuelType)) as FuelType | undefined) ?? 'gasoline',
      msrp,
      popularity,
      luxury: flags.includes('luxury'),
      threeRows: flags.includes('three-rows'),
    };
  },
);
