// Display formatters (spec §2, §9). Pure and locale-fixed to en-US: the marketplace is US-only, and
// a fixed locale keeps server-rendered text, tests and screenshots identical everywhere.
import { LAST_MESSAGE_PREVIEW_LENGTH, NOT_AVAILABLE } from '../constants/limits.js';

// Written out rather than with Intl: the first Intl formatter a page creates loads the locale data,
// about 20 ms of main thread on a fast desktop and four times that on a phone, inside the task that
// evaluates this module or hydrates the first price. en-US needs no locale data: digits grouped by
// threes with commas, and English month names in the viewer's time zone (as Intl would use).
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1234567.8 → '1,234,568': rounded half away from zero, as Intl's en-US format rounds. */
const groupedDigits = (value: number) =>
  String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const sign = (value: number) => (Math.round(Math.abs(value)) > 0 && value < 0 ? '-' : '');
const integer = (value: number) => `${sign(value)}${groupedDigits(value)}`;

const shortMonth = (date: Date) => MONTHS[date.getMonth()]!.slice(0, 3);

type Amount = number | null | undefined;
export type DateInput = Date | string | number;

const isFiniteNumber = (value: Amount): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 8500 → '$8,500' (whole dollars, rounded); missing → 'N/A'. */
export function formatPrice(amount: Amount): string {
  return isFiniteNumber(amount) ? `${sign(amount)}$${groupedDigits(amount)}` : NOT_AVAILABLE;
}

/** 85000 → '85,000 mi'; missing → 'N/A'. */
export function formatMileage(miles: Amount): string {
  return isFiniteNumber(miles) ? `${integer(miles)} mi` : NOT_AVAILABLE;
}

/** (1, 'view') → '1 view'; (1200, 'save') → '1,200 saves'; an irregular plural is passed in. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${integer(count)} ${count === 1 ? singular : plural}`;
}

/** → 'March 5, 2026' in the viewer's time zone; unparseable → 'N/A'. */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : NOT_AVAILABLE;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * Compact relative time for lists: 'just now', '5m ago', '3h ago', '2d ago', then a short date
 * ('Mar 5', or 'Mar 5, 2025' in another year). Future times (clock skew) read 'just now'.
 */
export function formatRelativeTime(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return '';
  const elapsed = reference.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return date.getFullYear() === reference.getFullYear()
    ? `${shortMonth(date)} ${date.getDate()}`
    : `${shortMonth(date)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Cuts text to `max` characters and appends '...' when it was longer (conversation previews). */
export function truncate(text: string, max: number = LAST_MESSAGE_PREVIEW_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export interface VehicleName {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
}

/** '2012 Honda Civic EX': year make model, optional trim; missing parts are skipped. */
export function formatVehicleName(vehicle: VehicleName): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ');
}

export interface MpgFigures {
  city?: number | null;
  highway?: number | null;
  combined?: number | null;
}

/** '28 city / 36 highway / 31 combined MPG', the figures given only; none → 'N/A'. */
export function formatMpg({ city, highway, combined }: MpgFigures): string {
  const parts = (
    [
      [city, 'city'],
      [highway, 'highway'],
      [combined, 'combined'],
    ] as const
  )
    .filter(([value]) => isFiniteNumber(value))
    .map(([value, name]) => `${value} ${name}`);
  return parts.length > 0 ? `${parts.join(' / ')} MPG` : NOT_AVAILABLE;
}

/** Whole days since `listedAt`: 'Listed today', '1 day', '12 days'. */
export function formatDaysOnMarket(listedAt: DateInput, now: DateInput = Date.now()): string {
  const from = toDate(listedAt);
  const to = toDate(now);
  if (!from || !to) return NOT_AVAILABLE;
  const days = Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
  return days === 0 ? 'Listed today' : formatCount(days, 'day');
}

/**
 * The name other people see for a user (issue 15): their display name, or until they give one the
 * part of their email before '@' — never the whole address. The API's user DTOs and the header use
 * this, so every screen shows the same name.
 */
export function formatDisplayName(person: { name: string | null; email: string }): string {
  return person.name?.trim() || person.email.split('@')[0]!;
}
