import { expectAccessible } from '../support/a11y';
import { expect, test, waitUntilCodeMaySend } from '../support/fixtures';
import { AuthPage } from '../pages/auth-page';
import { DashboardPage } from '../pages/dashboard-page';
import { SiteLayout } from '../pages/site-layout';

// The API sends an address one code per minute, so these tests spend about a minute waiting. The
// tag gives them workers of their own (playwright.config.ts): they wait alongside the rest.
test.describe('sign-in flows that need a second code', { tag: '@second-code' }, () => {
  test('register → code by mail → dashboard → logout → login → code → dashboard', async ({
    page,
    mailbox,
    email,
  }) => {
    test.slow(); // waits out the one-code-per-minute rule between the two codes
    const auth = new AuthPage(page);
    const layout = new SiteLayout(page);
    const dashboard = new DashboardPage(page);

    await auth.goto('/register');
    await expect(page.getByText(/Terms of Service/)).toBeVisible();
    await expect(page.getByText(/Privacy Policy/)).toBeVisible();
    await expect(page.getByRole('main').locator('a[href="/login"]')).toBeVisible();
    await expectAccessible(page);
    await auth.requestCode(email);
    await expectAccessible(page);
    await auth.enterCode(await mailbox.waitForCode(email));

    await expect(page).toHaveURL('/dashboard');
    await expect(dashboard.welcome(email)).toBeVisible();
    await expect(layout.header.getByText(email)).toBeVisible();
    await expectAccessible(page);

    await layout.logoutButton.click();
    // Soft: where logout lands is checked, and the sign-in that follows still runs if it is wrong.
    await expect.soft(page).toHaveURL('/');
    await expect(layout.loginButton).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth-storage'))).toBeNull();

    await layout.loginButton.click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('main').locator('a[href="/register"]')).toBeVisible();
    await expectAccessible(page);
    await waitUntilCodeMaySend(mailbox, email);
    await auth.requestCode(email);
    await auth.enterCode(await mailbox.waitForCode(email, { count: 2 }));
    await expect(page).toHaveURL('/dashboard');
    await expect(dashboard.welcome(email)).toBeVisible();
  });

  test('Resend code sends a second code, and that code signs in', async ({ page, mailbox, email }) => {
    test.slow(); // the resend is allowed a minute after the first code
    const auth = new AuthPage(page);
    await auth.goto('/register');
    await auth.requestCode(email);
    await mailbox.waitForCode(email);

    await waitUntilCodeMaySend(mailbox, email);
    await auth.resendCodeButton.click();
    const resent = await mailbox.waitForCode(email, { count: 2 });
    await auth.enterCode(resent);
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('passwordless sign-in', () => {
  test("a wrong code shows 'Invalid or expired code'", async ({ page, mailbox, email }) => {
    const auth = new AuthPage(page);
    await auth.goto('/register');
    await auth.requestCode(email);
    const code = await mailbox.waitForCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await auth.enterCode(wrong);
    await expect(page.getByText('Invalid or expired code')).toBeVisible();
    await expect(page).toHaveURL('/register');
    await expectAccessible(page);
  });

  test('Change email goes back to the email step and the code goes to the new address', async ({
    page,
    mailbox,
    email,
  }) => {
    const auth = new AuthPage(page);
    const other = `other-${email}`;
    await auth.goto('/login');
    await auth.requestCode(email);
    await expect(auth.resendCodeButton).toBeVisible();
    await auth.changeEmailButton.click();
    await expect(auth.emailInput).toBeVisible();
    await expect(auth.codeInput).toBeHidden();

    await auth.requestCode(other);
    await mailbox.waitForMessage(other);
    expect(await mailbox.messages(email)).toHaveLength(1);
  });

  test('the login form works from the keyboard: Tab to it, Enter submits', async ({
    page,
    mailbox,
    email,
  }) => {
    const auth = new AuthPage(page);
    await auth.goto('/login');

    // The field is focused on load; start from the top of the page instead, as a keyboard user
    // arriving from another page would, and Tab through header and links to it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press('Tab');
      if (await auth.emailInput.evaluate((input) => input === document.activeElement)) break;
    }
    await expect(auth.emailInput).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    await expect(auth.codeInput).toBeVisible();
    await mailbox.waitForMessage(email);
  });
});
