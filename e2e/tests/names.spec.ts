// Issue 15: people with names. Until a user gives a display name, others see the part of their
// email before '@'; the name is asked once, where it matters, and then shows everywhere.
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';
import { ListingPage } from '../pages/listing-page';
import { MessagesPage } from '../pages/messages-page';
import { SiteLayout } from '../pages/site-layout';

const localPart = (email: string) => email.split('@')[0]!;

test("a new user's first message asks for their name once; the seller sees it, and answers the same way", async ({
  browser,
  page: buyerPage,
  request,
  signInViaApi,
}) => {
  test.setTimeout(120_000);
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  const seller = await signInViaApi(sellerPage, { name: null });
  const buyer = await signInViaApi(buyerPage, { name: null });
  const listing = await createListingViaApi(request, seller, await createTestImages(4));

  // Before anyone has a name: the listing names its seller by the local part, never the address.
  const view = new ListingPage(buyerPage);
  await view.goto(listing._id);
  await expect(view.fact(view.sellerInformation, 'Seller')).toHaveText(localPart(seller.user.email));
  await expect(buyerPage.getByText(seller.user.email)).toHaveCount(0);
  const buyerLayout = new SiteLayout(buyerPage);
  await expect(buyerLayout.userName(localPart(buyer.user.email))).toBeVisible();

  // Message Seller asks for a name in the same form, checked by the shared schema.
  await view.messageSeller.click();
  const nameField = view.root.getByRole('textbox', { name: 'Your name' });
  await expect(nameField).toBeVisible();
  await expectAccessible(buyerPage);
  await view.root.getByRole('button', { name: 'Send Message' }).click();
  await expect(view.root.getByText('Please enter your name', { exact: true })).toBeVisible();
  await expect(nameField).toBeFocused();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(buyerPage).toHaveURL(`/listing/${listing._id}`);

  // From the keyboard: type the name, Enter sends.
  await nameField.fill('Robin Buyer');
  await nameField.press('Enter');
  await expect(buyerPage).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = buyerPage.url().split('/').pop()!;
  await expect(buyerLayout.userName('Robin Buyer')).toBeVisible();

  // Asked once: the next message goes straight out.
  const buyerMessages = new MessagesPage(buyerPage);
  await expect(buyerMessages.conversation.getByRole('textbox', { name: 'Your name' })).toHaveCount(0);
  await expect(buyerMessages.conversation.getByRole('heading', { level: 2 })).toHaveText(
    localPart(seller.user.email),
  );
  await buyerMessages.send('I can come by on Saturday.');
  await expect(buyerMessages.message('I can come by on Saturday.')).toBeVisible();

  // The seller sees the buyer's name in the inbox and the conversation.
  const sellerMessages = new MessagesPage(sellerPage);
  await sellerMessages.goto();
  await expect(sellerMessages.rows.first()).toContainText('Robin Buyer');
  await expect(sellerPage.getByText(buyer.user.email)).toHaveCount(0);
  await sellerMessages.rows.first().click();
  await expect(sellerPage).toHaveURL(`/messages/${conversationId}`);
  await expect(sellerMessages.conversation.getByRole('heading', { level: 2 })).toHaveText('Robin Buyer');

  // The seller's first reply asks for their name too, above the message box.
  const sellerName = sellerMessages.conversation.getByRole('textbox', { name: 'Your name' });
  await expect(sellerName).toBeVisible();
  await expectAccessible(sellerPage);
  await sellerName.fill('Pat Seller');
  await sellerMessages.send('Saturday works, see you then.');
  await expect(sellerMessages.message('Saturday works, see you then.')).toBeVisible();
  await expect(sellerName).toHaveCount(0);
  await expect(new SiteLayout(sellerPage).userName('Pat Seller')).toBeVisible();

  // The buyer sees the reply live, and the seller's name on the listing from then on.
  await expect(buyerMessages.message('Saturday works, see you then.')).toBeVisible();
  await view.goto(listing._id);
  await expect(view.fact(view.sellerInformation, 'Seller')).toHaveText('Pat Seller');
  await sellerContext.close();
});
