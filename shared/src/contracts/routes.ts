// Client routes of spec §2. `routes` builds hrefs; `routePatterns` are the react-router paths.
import type { Id } from './entities.js';

const segment = (id: Id): string => encodeURIComponent(id);

export const routes = {
  home: '/',
  search: '/search',
  listing: (id: Id) => `/listing/${segment(id)}`,
  login: '/login',
  register: '/register',
  verify: '/verify',
  dashboard: '/dashboard',
  profile: '/profile',
  favorites: '/favorites',
  createListing: '/create-listing',
  editListing: (id: Id) => `/edit-listing/${segment(id)}`,
  messages: '/messages',
  conversation: (conversationId: Id) => `/messages/${segment(conversationId)}`,
} as const;

export const routePatterns = {
  home: '/',
  search: '/search',
  listing: '/listing/:id',
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
} as const;

export type RouteName = keyof typeof routePatterns;

/** Pages a guest may open (spec §6); every other route is protected. */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'home',
  'search',
  'listing',
  'login',
  'register',
  'verify',
];

/** Pages that send an already signed-in user to the dashboard (spec §2). */
export const GUEST_ONLY_ROUTES: readonly RouteName[] = ['login', 'register', 'verify'];
