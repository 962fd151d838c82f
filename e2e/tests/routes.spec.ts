import { randomUUID } from 'node:crypto';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { AuthPage } from '../pages/auth-page';

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
    test(`${route.replace(/[0-9a-f-]{36}/, ':id')}: a guest goes to /login in place, then back after signing in`, async ({
      page,
      baseURL,
      mailbox,
    }) => {
      const email = uniqueEmail('guard');
      await signUpViaApi({ baseURL, mailbox, email });

      await page.goto('/');
      await page.goto(route);
      await expect(page).toHaveURL('/login');
      await expectAccessible(page);

      // The protected entry was replaced: one step back is the page before it, not a redirect loop.
      await page.goBack();
      await expect(page).toHaveURL('/');
      await page.goForward();
      await expect(page).toHaveURL('/login');

      const login = new AuthPage(page);
      await login.requestCode(email);
      await login.enterCode(await mailbox.waitForCode(email, { count: 2 }));
      await expect(page).toHaveURL(route);
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
