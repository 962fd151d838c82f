/** For files whose name changes with their content: cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** For files that name the current build: revalidated on every load. */
export const REVALIDATE = 'no-cache';
