import { randomUUID } from 'node:crypto';
import { expectAccessible } from '../support/a11y';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Spec §2's route table. Ids that match nothing still exercise the route (and its guard).
const protectedRoutes = [
  '/dashboard',
  '/profile',
  '/favorites',
  '/create-listing',
  `/edit-listing/${randomUUID()}`,
  '/messages',
  `/messages/${randomUUID()}`,
];
const publicRoutes = ['/search', `/listing/${randomUUID()}`, '/login', '/register', '/verify'];
const guestOnlyRoutes = ['/login', '/register', '/verify'];

test.describe('route guards', () => {
  for (const route of protectedRoutes) {
    test(`${route.replace(/[0-9a-f-]{36}/, ':id')}: a guest goes to /login in its place, and back to it once signed in`, async ({
      page,
      signInViaApi,
    }) => {
      await page.goto('/');
      await page.goto(route);
      await expect(page).toHaveURL('/login');

      // The protected entry was replaced: one step back is the page before it, not a redirect loop.
      await page.goBack();
      await expect(page).toHaveURL('/');
      await page.goForward();
      await expect(page).toHaveURL('/login');

      // Signing in on that login page (the session stored as a sign-in stores it; a reload keeps the
      // history entry and the route it remembers). Sign-in through the form is auth.spec.ts's subject.
      await signInViaApi();
      await page.reload();
      await expect(page).toHaveURL(route);
      await expect(page.locator('[data-remote]')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    });
  }

  test('a guest opens the public pages where they are', async ({ page }) => {
    for (const route of publicRoutes) {
      await page.goto(route);
      await expect(page).toHaveURL(route);
      await expect(page.getByRole('main')).toBeVisible();
      await expectAccessible(page);
    }
  });

  test('the verify placeholder leads back to login', async ({ page }) => {
    await page.goto('/verify');
    await expect(page.getByText(/redirected here from login or register/i)).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('login, register and verify send a signed-in user to /dashboard', async ({ page, signInViaApi }) => {
    await signInViaApi();
    for (const route of guestOnlyRoutes) {
      await page.goto(route);
      await expect(page).toHaveURL('/dashboard');
    }
    await expectAccessible(page);
  });

  test('any other path goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
    await expectAccessible(page);
  });
});

test.describe('scroll positions', () => {
  // The position is set as React hydrates the page; the theme toggle turns on just after.
  const hydrated = (page: Page) => expect(page.getByRole('button', { name: /^Switch to/ })).toBeEnabled();
  const scrollTo = async (page: Page, y: number) => {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
  };

  test('a page opened anew starts at its top, and a reload keeps where it was left', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/');
    await hydrated(page);
    await scrollTo(page, 400);

    // Another document (a typed address, a full-page link): the last one's position is not its own.
    await page.goto('/?opened=again');
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // A reload right after scrolling can come before the scroll event, which the browser sends with
    // its next frame (a busy machine may draw none in between): the position is kept without it.
    await page.evaluate(() =>
      window.addEventListener('scroll', (event) => event.stopImmediatePropagation(), { capture: true }),
    );
    await scrollTo(page, 300);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  });
});
