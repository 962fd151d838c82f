/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { testUser } from '../test-support/fixtures.js';

const user = testUser;
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

// A session saved by an earlier page view, present before the store module loads.
localStorage.setItem(
  'auth-storage',
  JSON.stringify({
    state: { user, accessToken: 'stored-access', refreshToken: 'stored-refresh', isAuthenticated: true },
    version: 0,
  }),
);
const { useSessionStore } = await import('./session.js');
const restored = useSessionStore.getState();

const persisted = () =>
  JSON.parse(localStorage.getItem('auth-storage') ?? 'null') as { state: object } | null;

describe('useSessionStore', () => {
  it('restores the stored session on load', () => {
    expect(restored).toMatchObject({
      user,
      accessToken: 'stored-access',
      refreshToken: 'stored-refresh',
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });
  });

  describe('from signed out', () => {
    beforeEach(() => useSessionStore.getState().logout());

    it('starts signed out after logout, with the persisted entry removed', () => {
      expect(useSessionStore.getState()).toMatchObject({
        user: null,
        accessToken: null,
        refreshToken: null,
        isAuthenticated: false,
        error: null,
      });
      expect(localStorage.getItem('auth-storage')).toBeNull();
    });

    it('setAuth stores user and tokens, authenticates and clears the error', () => {
      useSessionStore.getState().setError('Invalid or expired code');
      useSessionStore.getState().setAuth(user, tokens);
      expect(useSessionStore.getState()).toMatchObject({
        user,
        ...tokens,
        isAuthenticated: true,
        error: null,
      });
    });

    it('persists exactly user, accessToken, refreshToken and isAuthenticated', () => {
      useSessionStore.getState().setAuth(user, tokens);
      useSessionStore.getState().setLoading(true);
      useSessionStore.getState().setError('boom');
      expect(persisted()?.state).toEqual({ user, ...tokens, isAuthenticated: true });
    });

    it('replaces tokens or the user on their own', () => {
      useSessionStore.getState().setAuth(user, tokens);
      useSessionStore.getState().setTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      expect(useSessionStore.getState()).toMatchObject({
        user,
        accessToken: 'access-2',
        refreshToken: 'refresh-2',
      });
      useSessionStore.getState().setUser({ ...user, name: 'Janet' });
      expect(useSessionStore.getState()).toMatchObject({ accessToken: 'access-2', user: { name: 'Janet' } });
      expect(persisted()?.state).toMatchObject({ accessToken: 'access-2', user: { name: 'Janet' } });
    });

    it('logout clears everything and removes the persisted entry', () => {
      useSessionStore.getState().setAuth(user, tokens);
      useSessionStore.getState().setError('boom');
      expect(localStorage.getItem('auth-storage')).not.toBeNull();
      useSessionStore.getState().logout();
      expect(useSessionStore.getState()).toMatchObject({
        user: null,
        accessToken: null,
        refreshToken: null,
        isAuthenticated: false,
        error: null,
      });
      expect(localStorage.getItem('auth-storage')).toBeNull();
    });
  });
});
