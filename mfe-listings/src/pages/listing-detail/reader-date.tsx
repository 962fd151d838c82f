import { formatLongDate, useHydrated } from '@carmarket/shared';

/**
 * A date in the reader's time zone, which the server does not know. While a server-rendered page is
 * being hydrated it is the UTC date, on both sides (the same markup, no mismatch); React renders the
 * reader's date right after. A page rendered in the browser alone shows the reader's at once.
 */
export function ReaderDate({ value }: { value: string }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  // The UTC calendar day as a local date, so the shared formatter writes it in any time zone.
  const shown = hydrated ? date : new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return <time dateTime={value}>{formatLongDate(shown)}</time>;
}
