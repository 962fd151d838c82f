/**
 * `allowedPath` for @fastify/static: a URL naming a folder (ending in '/') goes to the not-found
 * handler. With `index: false` the plugin answered such a URL 403, which told an outsider which
 * folders exist; now a folder is answered like any missing file (OWASP ASVS 4.3.2).
 */
export const notAFolder = (pathname: string): boolean => !pathname.endsWith('/');
