// SQLSTATE classes and codes that mean "the database cannot serve this now", not "this query is
// wrong": connection exceptions (08…), the server shutting down or terminating the backend
// (57P01 admin_shutdown: pg_terminate_backend or a restart; 57P02 crash_shutdown; 57P03 cannot
// connect now: starting up), and too many connections (53300).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
// Node's socket errors while reaching the server or talking to it.
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
// node-postgres reports a dropped or never-made connection with plain Errors, by message only.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Whether an error (or any error in its `cause` chain: drizzle wraps the driver's) says the
 * database is unreachable or went away, so the request may succeed if sent again shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Read by shape, not `instanceof Error`: Node's socket errors may come from another realm.
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message } = current;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}
