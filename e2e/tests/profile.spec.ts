import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { ProfilePage } from '../pages/profile-page';

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

  await page.reload();
  await profile.saveButton.waitFor();
  await expect(profile.name).toHaveValue('Dana Seller');
  await expect(profile.phone).toHaveValue('512-555-0142');
  await expect(profile.city).toHaveValue('Austin');
  await expect(profile.state).toHaveValue('TX');
  await expect(profile.newListings).toBeChecked();
  await expect(profile.savedSearches).not.toBeChecked();
});
