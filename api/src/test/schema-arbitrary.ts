import fc from 'fast-check';

/** The part of JSON Schema (as the OpenAPI document states the routes' zod schemas) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/**
 * Strings an attacker tries in any text field: NUL and other control characters, a lone surrogate,
 * decomposed Unicode, bidi overrides, markup, SQL and path fragments, an overlong value.
 */
export const hostileStrings = [
  'abc\u0000def',
  'x\ud800y',
  'x\udfffy',
  'ok\u0007\u001b[31m',
  'Cafe\u0301',
  'Ford\u202eevil',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'abc%00',
  '\u0000',
  '\ud800',
  '',
  ' ',
  '{}',
  'null',
  '-1',
  '1e309',
  'a'.repeat(5_000),
];

const hostileString = fc.constantFrom(...hostileStrings);

/** Anything at all where a schema expects one thing: wrong types, hostile strings, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom({}, [], [null], { $ne: null }, { __proto__: { admin: true } }),
  fc.jsonValue({ maxDepth: 3 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 200));
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  // Hostile text that passes the length checks, so it reaches whatever the route does with it.
  const sneaky = hostileStrings.filter(fits);
  const plain = fc.string({ minLength, maxLength, unit: 'grapheme' });
  return sneaky.length > 0 ? fc.oneof({ arbitrary: plain, weight: 2 }, fc.constantFrom(...sneaky)) : plain;
}

/**
 * Values the routes accept for fields whose rules the JSON Schema cannot state (patterns refined in
 * zod, enums behind a preprocess, cross-field rules), by property name: with them a generated request
 * usually passes validation, so the hostile parts beside them reach the services and the database.
 */
const acceptedByName: Record<string, unknown[]> = {
  email: ['buyer@example.com'],
  phone: ['512-555-0100'],
  state: ['TX'],
  zipCode: ['78701'],
  make: ['Honda', 'Toyota'],
  model: ['Civic', 'Corolla'],
  year: [2012, '2012'],
  yearMin: [2005, '2005'],
  yearMax: [2015, '2015'],
  minPrice: [1000, '1000'],
  maxPrice: [9000, '9000'],
  mileage: [98_000],
  vin: ['1HGCM82633A004352'],
  bodyType: ['sedan'],
  fuelType: ['gasoline'],
  transmission: ['automatic'],
  drivetrain: ['fwd'],
  condition: ['good'],
  titleStatus: ['clean'],
  sellerType: ['private', 'dealer'],
  sort: ['newest', 'price_asc'],
  remote: ['search', 'listings'],
  page: [1, '1', 2],
  limit: [10, '10'],
  website: ['https://dealer.example.com'],
  currency: ['USD'],
  preferredMethod: ['email', 'phone', 'both'],
};

/**
 * Values that mostly fit `schema` (so requests reach past validation into the services), with a
 * hostile value in place of any part of them one time in `hostility`. `name` is the property's.
 */
export function arbitraryFor(
  schema: JsonSchema | undefined,
  name?: string,
  hostility = 16,
): fc.Arbitrary<unknown> {
  const fitting = fittingFor(schema ?? {}, hostility);
  const accepted = name ? acceptedByName[name] : undefined;
  return fc.oneof(
    ...(accepted ? [{ arbitrary: fc.constantFrom(...accepted), weight: 2 * hostility }] : []),
    { arbitrary: fitting, weight: hostility - 1 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

function fittingFor(schema: JsonSchema, hostility: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((one) => arbitraryFor(one, undefined, hostility)));
  if (schema.allOf?.length) return arbitraryFor(schema.allOf[0], undefined, hostility);

  const choices = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
        });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1_000_000,
          max: schema.maximum ?? 1_000_000,
          noNaN: true,
        });
      case 'string':
        return stringFor(schema);
      case 'array':
        return fc.array(arbitraryFor(schema.items, undefined, hostility), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 12),
        });
      case 'object': {
        const properties = Object.entries(schema.properties ?? {});
        const required = new Set(schema.required ?? []);
        return fc.record(
          Object.fromEntries(
            properties.map(([name, property]) => [name, arbitraryFor(property, name, hostility)]),
          ),
          { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) },
        );
      }
      default:
        return hostileValue;
    }
  });
  return choices.length > 0 ? fc.oneof(...choices) : hostileValue;
}

type Path = (string | number)[];

function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value))
    return [path, ...value.flatMap((item, index) => leafPaths(item, [...path, index]))];
  if (value !== null && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]))];
  }
  return [path];
}

function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = withValueAt(copy[key!], rest, replacement);
  return copy;
}

/**
 * A valid `example` with one part of it (a field, an array item or the whole) replaced by a hostile
 * value: the rest passes validation, so the hostile part is what the route has to deal with.
 */
export function mutationOf(example: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(example);
  return fc
    .record({ path: fc.constantFrom(...paths), replacement: fc.oneof(hostileString, hostileValue) })
    .map(({ path, replacement }) => withValueAt(example, path, replacement));
}
