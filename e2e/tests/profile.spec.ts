import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { ProfilePage } from '../pages/profile-page';
import { SiteLayout } from '../pages/site-layout';

test('the profile form saves through the API and shows the saved values after a reload', async ({
  page,
  signInViaApi,
}) => {
  const { user } = await signInViaApi();
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.email).toHaveValue(user.email);
  await expect(profile.email).not.toBeEditable();
  await expectAccessible(page);

  await profile.name.fill('Dana Seller');
  await profile.phone.fill('512-555-0142');
  await profile.city.fill('Austin');
  await profile.state.fill('TX');
  await profile.newListings.setChecked(true);
  await profile.savedSearches.setChecked(false);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/profile') && response.request().method() === 'PUT',
  );
  await profile.saveButton.click();
  expect((await saved).status()).toBe(200);
  // The saved user reaches the session (and so local storage) after the response: wait for the page to say so.
  await expect(profile.root.getByText('Profile updated successfully.')).toBeVisible();
  // The header names the user by the saved name.
  await expect(new SiteLayout(page).userName('Dana Seller')).toBeVisible();

  await page.reload();
  await profile.saveButton.waitFor();
  await expect(profile.name).toHaveValue('Dana Seller');
  await expect(profile.phone).toHaveValue('512-555-0142');
  await expect(profile.city).toHaveValue('Austin');
  await expect(profile.state).toHaveValue('TX');
  await expect(profile.newListings).toBeChecked();
  await expect(profile.savedSearches).not.toBeChecked();
});

test("a guest's header on a phone is one row: brand, Login, Get Started and the menu", async ({ page }) => {
  const layout = new SiteLayout(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const bar = [layout.header.getByRole('link', { name: 'CarMarket' }), layout.loginButton];
  bar.push(layout.getStartedButton, layout.menuButton);
  const middles: number[] = [];
  for (const control of bar) {
    await expect(control).toBeInViewport();
    const box = (await control.boundingBox())!;
    middles.push(box.y + box.height / 2);
  }
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
  expect((await layout.header.boundingBox())!.height).toBeLessThan(72);
  await layout.menuButton.click();
  await expect(layout.header.getByRole('link', { name: 'Browse Cars', exact: true })).toBeVisible();
  await expect(layout.themeToggle).toBeVisible();
  await expectAccessible(page);
});

test('the header links to Profile; on a phone it is one row, the rest in its menu', async ({
  page,
  signInViaApi,
}) => {
  // No display name yet: the header names the user by their email's local part, never the address.
  const { user } = await signInViaApi(page, { name: null });
  const layout = new SiteLayout(page);
  const shownName = layout.userName(user.email.split('@')[0]!);
  await page.goto('/');
  await layout.profileLink.click();
  await expect(page).toHaveURL('/profile');

  await page.setViewportSize({ width: 360, height: 740 });
  const bar = [layout.header.getByRole('link', { name: 'CarMarket' }), layout.sellYourCarButton];
  bar.push(layout.messagesLink, layout.menuButton);
  const rows = new Set<number>();
  for (const control of bar) {
    await expect(control).toBeInViewport();
    const box = (await control.boundingBox())!;
    rows.add(Math.round(box.y + box.height / 2));
  }
  expect([...rows].every((middle) => Math.abs(middle - [...rows][0]!) <= 4)).toBe(true);
  expect((await layout.header.boundingBox())!.height).toBeLessThan(72);
  await expect(layout.logoutButton).toBeHidden();
  await expect(shownName).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await layout.menuButton.click();
  await expect(shownName).toBeVisible();
  await expect(layout.header.getByText(user.email)).toHaveCount(0);
  await expect(layout.themeToggle).toBeVisible();
  await expect(layout.logoutButton).toBeVisible();
  await expectAccessible(page);
  // The menu is next in reading order after its button.
  await layout.menuButton.focus();
  await page.keyboard.press('Tab');
  await expect(layout.header.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  await layout.messagesLink.click();
  await expect(page).toHaveURL('/messages');
  await expect(layout.logoutButton).toBeHidden();
});
