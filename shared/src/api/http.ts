// The one HTTP client of the front ends (spec §7): base /api, 10 s timeout, bearer token from the
// session store, and the 401 flow of spec §4: one token refresh, requests that fail meanwhile wait
// for it and are retried with the new token; when the refresh is impossible or fails, the session
// ends and the user is sent to sign in.
//
// axios (about 20 KB gzip) is imported on the first request, not with the page: first paint never
// needs it, and pages that make no request (sign-in, safety tips) never download it.
import type {
  AxiosError,
  AxiosInstance,
  AxiosResponse,
  AxiosStatic,
  InternalAxiosRequestConfig,
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

let client: Promise<AxiosInstance> | undefined;

/**
 * The axios instance behind `http`, imported and set up on first use. A failed import (the network
 * dropped) is forgotten, so the next request tries again.
 */
export function httpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(
    ({ default: axios }) => createClient(axios),
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

type Verb = 'get' | 'delete' | 'post' | 'put' | 'patch';

/** `http[verb]` with axios's own signature, run by the instance once it is loaded. */
function deferred<V extends Verb>(verb: V): AxiosInstance[V] {
  const call = async (...args: unknown[]) => {
    const instance = await httpClient();
    return (instance[verb] as (...callArgs: unknown[]) => Promise<unknown>)(...args);
  };
  return call as AxiosInstance[V];
}

/** What the pages call: axios's request methods, answered by the instance loaded on first use. */
export const http: Pick<AxiosInstance, Verb> = {
  get: deferred('get'),
  delete: deferred('delete'),
  post: deferred('post'),
  put: deferred('put'),
  patch: deferred('patch'),
};

/**
 * Whether `error` is an HTTP client error (the server answered with an error status, or the request
 * failed on the way): axios marks its errors with `isAxiosError`, which is all axios.isAxiosError
 * checks, so this needs no axios on the page.
 */
export function isHttpError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as AxiosError).isAxiosError === true;
}

/** The status the server answered a failed request with, or undefined (no answer, or not an HTTP error). */
export function httpErrorStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}

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

/** The client of spec §7 on the axios the page loaded: token on every request, the 401 flow on errors. */
function createClient(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({ baseURL: API_BASE_PATH, timeout: API_TIMEOUT_MS });
  instance.interceptors.request.use((config) => {
    const { accessToken } = useSessionStore.getState();
    if (accessToken) config.headers.set('Authorization', bearer(accessToken));
    return config;
  });

  instance.interceptors.response.use(undefined, async (error: unknown): Promise<AxiosResponse> => {
    if (!isHttpError(error)) throw error;
    const config = (error as AxiosError).config as InternalAxiosRequestConfig | undefined;
    if (error.response?.status !== 401 || !config || config.authRetried || isNoRefreshCall(config.url)) {
      throw error;
    }
    const sentToken = axios.AxiosHeaders.from(config.headers).get('Authorization');
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
    return instance({ ...config, authRetried: true });
  });
  return instance;
}

/** Seconds a 429 answer asks the client to wait (its Retry-After header), or 0. */
export function getRetryAfterSeconds(error: unknown): number {
  if (!isHttpError(error) || error.response?.status !== 429) return 0;
  const seconds = Number(error.response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0;
}

/** The server's `error` text (API envelope) when there is one, else `fallback` (spec §8). */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (isHttpError(error)) {
    const message = (error.response?.data as { error?: unknown } | undefined)?.error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/**
 * The id the server gave the failed request (its envelope's `requestId`, else the X-Request-Id
 * header), for error alerts to show so support can find the request in the server's log.
 */
export function getRequestId(error: unknown): string | undefined {
  if (!isHttpError(error) || !error.response) return undefined;
  const fromBody = (error.response.data as { requestId?: unknown } | undefined)?.requestId;
  if (typeof fromBody === 'string' && fromBody !== '') return fromBody;
  const fromHeader: unknown = error.response.headers['x-request-id'];
  return typeof fromHeader === 'string' && fromHeader !== '' ? fromHeader : undefined;
}
