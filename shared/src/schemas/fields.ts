// Field builders shared by the schemas. Form inputs arrive as strings, so numeric fields accept
// numbers or numeric strings, and treat '', whitespace, null, undefined and NaN (an empty
// `valueAsNumber` input) as missing — z.coerce would turn '' into 0 and hide the 'required' message.
// The schemas are built with zod/mini (checks passed to `.check`, wrappers as functions), whose parts
// tree-shake: the forms download only what they use. The API validates with the same objects.
import { z } from 'zod/mini';

function toNumber(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  const trimmed = value.trim();
  // Number('abc') is NaN, which the number schema then reports with the 'invalid' message.
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The checks (int, min, max) a number field adds to its number schema. */
type NumberChecks = z.core.$ZodCheck<number>[];

const numberLike = (invalid: string) =>
  z.union([z.string(), z.number(), z.nan(), z.null(), z.undefined()], { error: invalid });

/**
 * A required number with `checks` (int, min, max).
 * Missing input gives `required`; anything that is not a finite number gives `invalid`.
 */
export function numberField(required: string, invalid: string, checks: NumberChecks = []) {
  return z.pipe(
    z.pipe(numberLike(invalid), z.transform(toNumber)),
    z.number({ error: (issue) => (issue.input === undefined ? required : invalid) }).check(...checks),
  );
}

/**
 * An optional number: missing input ('', whitespace, null, undefined, NaN) becomes null, anything
 * else must pass the checks `refine` adds, or gives `invalid`.
 */
export function optionalNumberField(invalid: string, checks: NumberChecks = []) {
  return z.pipe(
    // Optional before the transform, so an object may leave the key out altogether.
    z.pipe(
      z.optional(numberLike(invalid)),
      z.transform((value) => toNumber(value) ?? null),
    ),
    z.nullable(z.number({ error: invalid }).check(...checks)),
  );
}

// NUL and the other control characters (C0, DEL and C1) but tab, line feed and carriage return (which
// multi-line text keeps); the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), invisible marks that reorder the text after them, so a name or title would show
// other than it reads ('Ford\u202Eevil' displays as 'Fordlive'); a high surrogate not followed by a
// low one, or a low one without a high one before it. None is text a person typed, and PostgreSQL
// refuses NUL and broken UTF-16 alike. The marks a right-to-left word needs (U+200E, U+200F, U+061C)
// and the joiners of emoji stay.
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NOT_TEXT_MESSAGE = 'Remove the control characters or broken symbols from this text';

/**
 * Every string the API accepts starts here: control characters and lone surrogates are refused,
 * and the text is stored in Unicode NFC, so 'é' typed two ways is one value for search and facets.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(
    z.refine((value) => !NOT_TEXT.test(value), { error: NOT_TEXT_MESSAGE, abort: true }),
    z.normalize('NFC'),
  );
}

/** A required, trimmed string: missing or blank gives `required`; checks after it run only when present. */
export function requiredText(required: string) {
  return safeText({ error: required }).check(z.trim(), z.minLength(1, { error: required, abort: true }));
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** An optional string: trimmed, and '' / null / undefined all become null (the stored "absent"). */
export function optionalText() {
  return z.pipe(z.nullish(safeText()), z.transform(blankToNull));
}

/** An optional string that must match `pattern` when given; blank becomes null. */
export function optionalPattern(pattern: RegExp, message: string) {
  return z.pipe(optionalText(), z.nullable(z.string().check(z.regex(pattern, message))));
}

/**
 * One of `values`. The input type is string because selects start empty (''), which gives the
 * `required` message like a missing value does.
 */
export function enumField<const T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.pipe(z.string({ error: required }), z.enum(values, { error: required }));
}

/** A checkbox: missing means unchecked. */
export function flag() {
  return z._default(z.boolean(), false);
}

/** UUID-formatted ids (any version) as the API issues them. */
export function idField(message = 'Invalid id') {
  return z.guid(message);
}
