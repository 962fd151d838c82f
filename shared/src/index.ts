// Browser runtime entry of @carmarket/shared. Schemas and UI have their own entry points
// (@carmarket/shared/schemas, /ui) so that each module exists once per page under Module Federation.
// The scam detector is @carmarket/shared/safety: it keeps no state, so it is not a singleton, and only
// the pages that warn about scams carry it.
export * from './contracts/index.js';
export * from './constants/index.js';
export * from './format/index.js';
export {
  http,
  httpClient,
  isHttpError,
  httpErrorStatus,
  getErrorMessage,
  getRequestId,
  getRetryAfterSeconds,
  refreshSession,
  setSessionExpiredHandler,
} from './api/http.js';
export {
  createQueryClient,
  QUERY_CLIENT_ID,
  queryClientId,
  shouldRetry,
  searchQueryOptions,
  listingQueryOptions,
  catalogueQueryOptions,
} from './api/query-client.js';
export { getListing, listingQuery, useListing } from './api/listing.js';
export {
  getUnreadMessagesCount,
  unreadMessagesCountQuery,
  useUnreadMessagesCount,
} from './api/unread-messages.js';
export {
  getSavedSearches,
  savedSearchesQuery,
  useSavedSearches,
  markSavedSearchViewed,
  useMarkSavedSearchViewed,
} from './api/saved-searches.js';
export { saveDisplayName, useDisplayNamePrompt, type DisplayNameParser } from './api/display-name.js';
export { useSessionStore, type SessionState, type PersistedSession } from './state/session.js';
export { useUiStore, useTheme, readStoredTheme, applyTheme, type UiState } from './state/ui.js';
export { RemoteRoot } from './federation/remote-root.js';
export { useHydrated } from './federation/use-hydrated.js';
export { startRealtime, getSocket, useSocket, whenSocketReady, type AppSocket } from './realtime/socket.js';
