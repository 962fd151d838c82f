import { afterEach, describe, expect, it } from '@jest/globals';
import { useSessionStore, type User } from '@carmarket/shared';
import { BrowserRouter, Route, Routes } from '@carmarket/shared/router';
import { act, render, screen } from '@testing-library/react';
import { GuestOnly, RequireAuth } from './guards';

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  render(
    <BrowserRouter>
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          <Route path="/messages" element={<h1>Messages</h1>} />
        </Route>
        <Route element={<GuestOnly />}>
          <Route path="/login" element={<h1>Sign in</h1>} />
        </Route>
      </Routes>
    </BrowserRouter>,
  );
}

const ann: User = {
  _id: 'u1',
  email: 'ann@example.com',
  name: 'Ann',
  phone: null,
  city: null,
  state: null,
  emailNewListings: false,
  emailSavedSearches: false,
  role: 'private',
  createdAt: '2026-01-01T00:00:00.000Z',
  firstSignIn: false,
};

const signIn = () =>
  act(() => useSessionStore.getState().setAuth(ann, { accessToken: 'a', refreshToken: 'r' }));

afterEach(() => act(() => useSessionStore.getState().logout()));

describe('route guards', () => {
  it('sends a guest from a protected page to sign in', async () => {
    renderAt('/messages?conversation=c1');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('brings a user who signs in back to the page they were sent from', async () => {
    renderAt('/messages?conversation=c1');
    await screen.findByRole('heading', { name: 'Sign in' });
    signIn();
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/messages?conversation=c1');
  });

  it('sends a signed-in user away from the sign-in page to the dashboard', async () => {
    signIn();
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});
