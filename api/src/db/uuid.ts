const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs; anything PostgreSQL would reject as a uuid cannot name a row. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
