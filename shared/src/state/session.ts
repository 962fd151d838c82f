// The signed-in session (spec §3 "Client session", §4 "Session"). One store per page: the package
// is a Module Federation singleton, so the shell and every remote read the same instance.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from '../constants/limits.js';
import type { AuthTokens, User } from '../contracts/entities.js';

export interface SessionState {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  /** After sign-in: stores the user and both tokens, marks the session authenticated, clears the error. */
  setAuth: (user: User, tokens: AuthTokens) => void;
  /** After a token refresh. */
  setTokens: (tokens: AuthTokens) => void;
  /** After a profile change or GET /auth/me. */
  setUser: (user: User) => void;
  setLoading: (isLoading: boolean) => void;
  setError: (error: string | null) => void;
  /** Clears user, tokens and error, and removes the persisted entry. */
  logout: () => void;
}

/** The fields kept in local storage; loading and error state are per page view. */
export type PersistedSession = Pick<
  SessionState,
  'user' | 'accessToken' | 'refreshToken' | 'isAuthenticated'
>;

const signedOut: PersistedSession & Pick<SessionState, 'isLoading' | 'error'> = {
  user: null,
  accessToken: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      setAuth: (user, tokens) =>
        set({
          user,
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          isAuthenticated: true,
          error: null,
        }),
      setTokens: (tokens) => set({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
      setUser: (user) => set({ user }),
      setLoading: (isLoading) => set({ isLoading }),
      setError: (error) => set({ error }),
      logout: () => {
        set(signedOut);
        // set() has just written the signed-out state; remove the entry itself as spec §4 asks.
        useSessionStore.persist.clearStorage();
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, accessToken, refreshToken, isAuthenticated }): PersistedSession => ({
        user,
        accessToken,
        refreshToken,
        isAuthenticated,
      }),
    },
  ),
);
