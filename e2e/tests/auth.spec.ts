import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expectAccessible } from '../support/a11y';
import { expect, productResendIntervalTest, test, waitUntilCodeMaySend } from '../support/fixtures';
import { AuthPage } from '../pages/auth-page';
import { DashboardPage } from '../pages/dashboard-page';
import { SiteLayout } from '../pages/site-layout';

// The API mails an address one code per resend interval; the test site's interval is a second.
test.describe('sign-in flows that need a second code', () => {
  test('register → code by mail → dashboard → logout → login → code → dashboard', async ({
    page,
    mailbox,
    email,
  }) => {
    test.slow(); // two complete sign-ins and four accessibility scans in one test
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
    // A new account has no display name: the header names it by its email's local part.
    await expect(layout.userName(email.split('@')[0]!)).toBeVisible();
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

  test("a failed request's alert names it for support by the id the server logged it under", async ({
    page,
    mailbox,
    email,
  }) => {
    const auth = new AuthPage(page);
    await auth.goto('/register');
    await auth.requestCode(email);
    const code = await mailbox.waitForCode(email);
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/auth/verify') && response.request().method() === 'POST',
    );
    await auth.enterCode(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    const failed = await answer;
    expect(failed.status()).toBe(400);
    const requestId = failed.headers()['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const alert = page.getByRole('alert').filter({ hasText: 'Invalid or expired code' });
    await expect(alert).toContainText(`Request ID for support: ${requestId}`);
    // What support does with it: the server's log line of that request, with its answer.
    const log = path.join(process.env.E2E_WORK_DIR!, 'site', 'server.log');
    await expect
      .poll(async () =>
        (await readFile(log, 'utf8'))
          .split('\n')
          .some((line) => line.includes(`"reqId":"${requestId}"`) && line.includes('"statusCode":400')),
      )
      .toBe(true);
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

  test('the code field takes digits only', async ({ page, email }) => {
    const auth = new AuthPage(page);
    await auth.goto('/register');
    await auth.requestCode(email);
    await auth.codeInput.pressSequentially('12 a-34b');
    await expect(auth.codeInput).toHaveValue('1234');
    // A code pasted as the mail may show it, and anything past 6 digits, is cut to 6 digits.
    await auth.codeInput.fill('987 654 321');
    await expect(auth.codeInput).toHaveValue('987654');
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

// On a site with the product's one-minute interval: the shared test site allows a code a second.
productResendIntervalTest(
  "a resend inside the one-minute rule shows the server's reason and counts down",
  async ({ page, mailbox, email }) => {
    const auth = new AuthPage(page);
    await auth.goto('/register');
    await auth.requestCode(email);
    await mailbox.waitForMessage(email);

    await auth.resendCodeButton.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Please wait before requesting another code' }),
    ).toBeVisible();
    await expect(auth.resendCodeButton).toBeFocused();
    await expect(auth.resendCodeButton).toHaveAttribute('aria-disabled', 'true');
    const countdown = page.getByText(/^You can resend the code in (\d+) seconds?\.$/);
    const secondsLeft = async () => Number(/(\d+)/.exec((await countdown.textContent()) ?? '')?.[1]);
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    await expect.poll(secondsLeft).toBeLessThan(first);
    // Pressed again while waiting, it sends nothing.
    await page.keyboard.press('Enter');
    expect(await mailbox.messages(email)).toHaveLength(1);
    await expectAccessible(page);
  },
);
