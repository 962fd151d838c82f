import { FavoritesPage } from '../pages/favorites-page';
import { ListingEditorPage } from '../pages/listing-editor-page';
import { SiteLayout } from '../pages/site-layout';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';

test('a price drop made by the seller shows live on the favorites page and in the notifications menu of a buyer who saved the car', async ({
  browser,
  page: buyerPage,
  request,
  signInViaApi,
}) => {
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  const seller = await signInViaApi(sellerPage);
  // A model no other test lists, so its name finds this test's card.
  const listing = await createListingViaApi(request, seller, await createTestImages(4), {
    vehicle: { model: 'Insight', bodyType: 'hatchback' },
    price: 8800,
  });
  const buyer = await signInViaApi(buyerPage);
  const saved = await request.post(`/api/listings/${listing._id}/favorite`, {
    headers: { authorization: `Bearer ${buyer.accessToken}` },
  });
  expect(saved.ok()).toBe(true);

  const favorites = new FavoritesPage(buyerPage);
  const layout = new SiteLayout(buyerPage);
  await favorites.goto();
  const card = favorites.item('2012 Honda Insight LX');
  await expect(card).toContainText('$8,800');
  await expect(card.getByText(/^Price dropped/)).toHaveCount(0);
  await expect(layout.notificationsButton).toHaveAccessibleName('Notifications');

  // The seller lowers the price in the editor, in a browser of their own.
  sellerPage.on('dialog', (dialog) => void dialog.accept());
  const editor = new ListingEditorPage(sellerPage);
  await editor.goto(listing._id);
  await editor.field('Price (USD)').fill('8300');
  await editor.button('Save Listing Details').click();

  // The buyer's open page hears of it without a reload: the menu's badge and the card's new price.
  await expect(layout.notificationsButton).toHaveAccessibleName('Notifications 1 unread');
  await expect(card).toContainText('$8,300');
  await expect(card.getByText('Price dropped $500', { exact: true })).toBeVisible();

  await layout.notificationsButton.click();
  await expect(layout.notificationsPanel.getByRole('link', { name: /^Unread: Price dropped/ })).toContainText(
    `Price dropped $500 on ${listing.title}: now $8,300`,
  );
  await expectAccessible(buyerPage);
  await sellerContext.close();
});
