/** The browser's locale and time zone in every test, so dates and prices never depend on the host's. */
export const browserLocale = 'en-US';
export const browserTimeZone = 'America/Chicago';
