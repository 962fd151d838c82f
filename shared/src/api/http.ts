// The one HTTP client of the front ends (spec §7): base /api, 10 s timeout, bearer token from the
// session store, and the 401 flow of spec §4: one token refresh, requests that fail meanwhile wait
// for it and are retried with the new token; when the refresh is impossible or fails, the session
// ends and the user is sent to sign in.
import axios, {
  AxiosHeaders,
  type AxiosError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { API_BASE_PATH, API_TIMEOUT_MS } from '../constants/limits.js';
import type { AuthTokens } from '../contracts/entities.js';
import { routes } from '../contracts/routes.js';
import { useSessionStore } from '../state/session.js';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the retry after a refresh, so a second 401 goes back to the caller instead of looping. */
    authRetried?: boolean;
  }
}

export const http = axios.create({ baseURL: API_BASE_PATH, timeout: API_TIMEOUT_MS });

let onSessionExpired: () => void = () => window.location.assign(routes.login);

/** Replaces the default full-page redirect to /login, e.g. with the shell router's navigate. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

// Calls where a 401 means "wrong code" or "bad refresh token", not "access token expired".
const NO_REFRESH_PATHS = [
  '/auth/login',
  '/auth/login/verify',
  '/auth/register',
  '/auth/verify',
  '/auth/resend-otp',
  '/auth/refresh',
  '/auth/logout',
];

function isNoRefreshCall(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0]?.replace(/\/+$/, '') ?? '';
  return NO_REFRESH_PATHS.some(
    (noRefresh) => path === noRefresh || path.endsWith(`${API_BASE_PATH}${noRefresh}`),
  );
}

const bearer = (token: string) => `Bearer ${token}`;

http.interceptors.request.use((config) => {
  const { accessToken } = useSessionStore.getState();
  if (accessToken) config.headers.set('Authorization', bearer(accessToken));
  return config;
});

const isTokens = (value: unknown): value is AuthTokens =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AuthTokens).accessToken === 'string' &&
  typeof (value as AuthTokens).refreshToken === 'string';

/** Spec §7: tokens come as data.tokens (our API), or as the two fields at data or top level. */
function readTokens(body: unknown): AuthTokens | null {
  const root = (body ?? {}) as { data?: { tokens?: unknown }; tokens?: unknown };
  const candidates = [root.data?.tokens, root.data, root.tokens, root];
  return candidates.find(isTokens) ?? null;
}

let refreshInFlight: Promise<string> | null = null;

function endSession(): void {
  useSessionStore.getState().logout();
  onSessionExpired();
}

async function runRefresh(): Promise<string> {
  const { refreshToken } = useSessionStore.getState();
  if (!refreshToken) throw new Error('No refresh token');
  const response = await http.post('/auth/refresh', { refreshToken });
  const tokens = readTokens(response.data);
  if (!tokens) throw new Error('Refresh response carried no tokens');
  useSessionStore.getState().setTokens(tokens);
  return tokens.accessToken;
}

/**
 * Refreshes the access token once for every caller that asks meanwhile. Resolves with the new
 * access token; on failure the session has been ended (logout + session-expired handler).
 */
export function refreshSession(): Promise<string> {
  refreshInFlight ??= runRefresh()
    .catch((error: unknown) => {
      endSession();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

http.interceptors.response.use(undefined, async (error: unknown): Promise<AxiosResponse> => {
  if (!axios.isAxiosError(error)) throw error;
  const config = (error as AxiosError).config as InternalAxiosRequestConfig | undefined;
  if (error.response?.status !== 401 || !config || config.authRetried || isNoRefreshCall(config.url)) {
    throw error;
  }
  const sentToken = AxiosHeaders.from(config.headers).get('Authorization');
  const { accessToken } = useSessionStore.getState();
  // A request sent before a refresh that has since finished: retry with the newer token, no new refresh.
  const tokenChangedSinceSent = accessToken !== null && sentToken !== bearer(accessToken);
  if (!tokenChangedSinceSent) {
    try {
      await refreshSession();
    } catch {
      throw error;
    }
  }
  return http({ ...config, authRetried: true });
});

/** The server's `error` text (API envelope) when there is one, else `fallback` (spec §8). */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const message = (error.response?.data as { error?: unknown } | undefined)?.error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
