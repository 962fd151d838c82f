// TanStack Query keys shared by every remote, so one remote's mutation can invalidate another's
// queries. Keys are hierarchical: invalidating `queryKeys.listings.all` covers every listing query.
import type { Id, SearchParams } from './entities.js';

/** Catalogue calls take a year or 'all' (spec §7). */
export type CatalogueYear = number | 'all';

export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    me: () => ['auth', 'me'] as const,
  },
  listings: {
    all: ['listings'] as const,
    detail: (id: Id) => ['listings', 'detail', id] as const,
    similar: (id: Id) => ['listings', 'similar', id] as const,
    dealRating: (id: Id) => ['listings', 'deal-rating', id] as const,
    /** The seller's preview of a price for a car not listed yet (or as it would be after an edit). */
    dealRatingPreview: (query: Record<string, string | number>) =>
      ['listings', 'deal-rating-preview', query] as const,
    priceHistory: (id: Id) => ['listings', 'price-history', id] as const,
    user: (userId: Id) => ['listings', 'user', userId] as const,
    favorites: () => ['listings', 'favorites'] as const,
  },
  dealers: {
    all: ['dealers'] as const,
    detail: (id: Id) => ['dealers', 'detail', id] as const,
    mine: () => ['dealers', 'mine'] as const,
  },
  search: {
    all: ['search'] as const,
    results: (params: SearchParams) => ['search', 'results', params] as const,
    suggestions: (q: string) => ['search', 'suggestions', q] as const,
    popular: () => ['search', 'popular'] as const,
    saved: () => ['search', 'saved'] as const,
  },
  catalogue: {
    all: ['catalogue'] as const,
    years: () => ['catalogue', 'years'] as const,
    makes: (year: CatalogueYear) => ['catalogue', 'makes', year] as const,
    models: (year: CatalogueYear, make: string) => ['catalogue', 'models', year, make] as const,
    trims: (year: CatalogueYear, make: string, model: string) =>
      ['catalogue', 'trims', year, make, model] as const,
    search: (q: string) => ['catalogue', 'search', q] as const,
  },
  messages: {
    all: ['messages'] as const,
    conversations: () => ['messages', 'conversations'] as const,
    conversation: (conversationId: Id) => ['messages', 'conversation', conversationId] as const,
    unreadCount: () => ['messages', 'unread-count'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
  runningCost: () => ['running-cost'] as const,
  reports: {
    all: ['reports'] as const,
    mine: (page: number) => ['reports', 'mine', page] as const,
    moderation: (page: number) => ['reports', 'moderation', page] as const,
  },
} as const;
