import { readZipDataset } from '../modules/geocoding/zip-coordinates.js';

export interface Place {
  city: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  /** A local telephone area code, for sellers' phone numbers. */
  areaCode: string;
}

// US cities with a rough population weight (hundreds of thousands of people) and an area code;
// each listing gets one of the city's ZIP codes and that ZIP's coordinates from the offline
// dataset, so radius search works on demo data as on real listings.
const CITIES: [city: string, state: string, weight: number, areaCode: string][] = [
  ['New York', 'NY', 40, '212'],
  ['Los Angeles', 'CA', 38, '213'],
  ['Chicago', 'IL', 27, '312'],
  ['Houston', 'TX', 23, '713'],
  ['Phoenix', 'AZ', 16, '602'],
  ['Philadelphia', 'PA', 15, '215'],
  ['San Antonio', 'TX', 15, '210'],
  ['San Diego', 'CA', 14, '619'],
  ['Dallas', 'TX', 13, '214'],
  ['San Jose', 'CA', 10, '408'],
  ['Austin', 'TX', 10, '512'],
  ['Jacksonville', 'FL', 9, '904'],
  ['Fort Worth', 'TX', 9, '817'],
  ['Columbus', 'OH', 9, '614'],
  ['Charlotte', 'NC', 9, '704'],
  ['Indianapolis', 'IN', 9, '317'],
  ['San Francisco', 'CA', 8, '415'],
  ['Seattle', 'WA', 7, '206'],
  ['Denver', 'CO', 7, '303'],
  ['Nashville', 'TN', 7, '615'],
  ['Oklahoma City', 'OK', 7, '405'],
  ['El Paso', 'TX', 7, '915'],
  ['Boston', 'MA', 7, '617'],
  ['Portland', 'OR', 6, '503'],
  ['Las Vegas', 'NV', 6, '702'],
  ['Detroit', 'MI', 6, '313'],
  ['Memphis', 'TN', 6, '901'],
  ['Louisville', 'KY', 6, '502'],
  ['Baltimore', 'MD', 6, '410'],
  ['Milwaukee', 'WI', 6, '414'],
  ['Albuquerque', 'NM', 5, '505'],
  ['Tucson', 'AZ', 5, '520'],
  ['Fresno', 'CA', 5, '559'],
  ['Sacramento', 'CA', 5, '916'],
  ['Kansas City', 'MO', 5, '816'],
  ['Atlanta', 'GA', 5, '404'],
  ['Omaha', 'NE', 5, '402'],
  ['Raleigh', 'NC', 5, '919'],
  ['Miami', 'FL', 4, '305'],
  ['Minneapolis', 'MN', 4, '612'],
  ['Tulsa', 'OK', 4, '918'],
  ['Tampa', 'FL', 4, '813'],
  ['Wichita', 'KS', 4, '316'],
  ['Cleveland', 'OH', 4, '216'],
  ['New Orleans', 'LA', 4, '504'],
  ['Bakersfield', 'CA', 4, '661'],
  ['Honolulu', 'HI', 3, '808'],
  ['Pittsburgh', 'PA', 3, '412'],
  ['Cincinnati', 'OH', 3, '513'],
  ['Saint Louis', 'MO', 3, '314'],
  ['Orlando', 'FL', 3, '407'],
  ['Boise', 'ID', 2, '208'],
  ['Salt Lake City', 'UT', 2, '801'],
  ['Richmond', 'VA', 2, '804'],
  ['Birmingham', 'AL', 2, '205'],
  ['Des Moines', 'IA', 2, '515'],
  ['Little Rock', 'AR', 2, '501'],
  ['Anchorage', 'AK', 2, '907'],
  ['Spokane', 'WA', 2, '509'],
  ['Charleston', 'SC', 1, '843'],
  ['Burlington', 'VT', 1, '802'],
  ['Billings', 'MT', 1, '406'],
  ['Fargo', 'ND', 1, '701'],
  ['Portland', 'ME', 1, '207'],
];

export interface City {
  city: string;
  state: string;
  weight: number;
  areaCode: string;
  zips: readonly { zipCode: string; latitude: number; longitude: number }[];
}

let cities: City[] | undefined;

/** The cities with their ZIP codes (the state's, in the dataset's order), looked up once. */
export function demoCities(): readonly City[] {
  if (cities) return cities;
  const { codes, stateMap } = readZipDataset();
  cities = CITIES.map(([city, state, weight, areaCode]) => ({
    city,
    state,
    weight,
    areaCode,
    zips: (stateMap[state] ?? [])
      .map((zip) => codes[zip]!)
      .filter((code) => code.city.toUpperCase() === city.toUpperCase())
      .map(({ zip, latitude, longitude }) => ({ zipCode: zip, latitude, longitude })),
  }));
  return cities;
}
