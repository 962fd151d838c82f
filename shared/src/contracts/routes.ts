// Client routes of spec §2. `routes` builds hrefs; `routePatterns` are the react-router paths.
import type { Id } from './entities.js';

const segment = (id: Id): string => encodeURIComponent(id);

/** The listing editor's tabs, in order; `?tab=` opens one directly (e.g. from "Add photos"). */
export const EDIT_LISTING_TABS = ['details', 'vehicle', 'photos'] as const;
export type EditListingTab = (typeof EDIT_LISTING_TABS)[number];

export const routes = {
  home: '/',
  search: '/search',
  listing: (id: Id) => `/listing/${segment(id)}`,
  dealer: (id: Id) => `/dealer/${segment(id)}`,
  login: '/login',
  register: '/register',
  verify: '/verify',
  dashboard: '/dashboard',
  profile: '/profile',
  favorites: '/favorites',
  createListing: '/create-listing',
  editListing: (id: Id, tab?: EditListingTab) => `/edit-listing/${segment(id)}${tab ? `?tab=${tab}` : ''}`,
  messages: '/messages',
  conversation: (conversationId: Id) => `/messages/${segment(conversationId)}`,
  safetyTips: '/safety-tips',
  moderation: '/moderation',
} as const;

export const routePatterns = {
  home: '/',
  search: '/search',
  listing: '/listing/:id',
  dealer: '/dealer/:id',
  login: '/login',
  register: '/register',
  verify: '/verify',
  dashboard: '/dashboard',
  profile: '/profile',
  favorites: '/favorites',
  createListing: '/create-listing',
  editListing: '/edit-listing/:id',
  messages: '/messages',
  conversation: '/messages/:conversationId',
  safetyTips: '/safety-tips',
  moderation: '/moderation',
} as const;

export type RouteName = keyof typeof routePatterns;

/** Pages a guest may open (spec §6); every other route is protected. */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'home',
  'search',
  'listing',
  'dealer',
  'login',
  'register',
  'verify',
  'safetyTips',
];

/** Pages that send an already signed-in user to the dashboard (spec §2). */
export const GUEST_ONLY_ROUTES: readonly RouteName[] = ['login', 'register', 'verify'];

const PATTERN_MATCHERS = Object.entries(routePatterns).map(([name, pattern]) => ({
  name: name as RouteName,
  matcher: new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}/?$`),
}));

/** The route a path opens (e.g. '/listing/abc' → 'listing'), or null for any other path. */
export function routeOfPath(pathname: string): RouteName | null {
  return PATTERN_MATCHERS.find(({ matcher }) => matcher.test(pathname))?.name ?? null;
}
