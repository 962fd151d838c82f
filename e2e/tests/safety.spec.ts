import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { expectAccessible } from '../support/a11y';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, type Session } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';
import { MessagesPage } from '../pages/messages-page';
import { SearchPage } from '../pages/search-page';
import { SiteLayout } from '../pages/site-layout';

const SCAM_TEXT = "can you text me at 512-555-0199, I'll send a deposit by gift card";

/**
 * A seller signed in on `sellerPage` and a buyer in a browser of their own; the buyer sends `text`
 * about a new listing of the seller's through the API.
 */
async function buyerMessagesSeller(
  {
    browser,
    request,
    signInViaApi,
  }: { browser: Browser; request: APIRequestContext; signInViaApi: (page: Page) => Promise<Session> },
  sellerPage: Page,
  text: string,
) {
  const seller = await signInViaApi(sellerPage);
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  const buyer: Session = await signInViaApi(buyerPage);
  const listing = await createListingViaApi(request, seller, await createTestImages(4));
  const sent = await request.post('/api/messages', {
    headers: { authorization: `Bearer ${buyer.accessToken}` },
    data: { recipientId: seller.user._id, listingId: listing._id, content: text },
  });
  expect(sent.ok()).toBe(true);
  const { conversationId } = ((await sent.json()) as { data: { conversationId: string } }).data;
  return { buyerContext, buyerPage, conversationId };
}

test('the seller sees a warning on a scam message; the sender is nudged before sharing a number', async ({
  browser,
  page: sellerPage,
  request,
  signInViaApi,
}) => {
  const { buyerContext, buyerPage, conversationId } = await buyerMessagesSeller(
    { browser, request, signInViaApi },
    sellerPage,
    SCAM_TEXT,
  );

  // The message is delivered as written, with a calm, specific warning under it.
  const sellerMessages = new MessagesPage(sellerPage);
  await sellerMessages.goto(conversationId);
  const message = sellerMessages.message(SCAM_TEXT);
  await expect(message).toBeVisible();
  const warning = message.getByRole('note', { name: 'Safety warning' });
  await expect(warning).toContainText('A phone number');
  await expect(warning).toContainText('A request for a deposit');
  await expect(warning).toContainText('Payment by gift card');
  await expect(warning).toContainText('always a scam');
  await expectAccessible(sellerPage);

  // The buyer does not get a warning on their own message.
  const buyerMessages = new MessagesPage(buyerPage);
  await buyerMessages.goto(conversationId);
  await expect(buyerMessages.message(SCAM_TEXT)).toBeVisible();
  await expect(buyerMessages.message(SCAM_TEXT).getByRole('note')).toHaveCount(0);

  // The seller starts typing their number: held back once with a nudge, sent only when confirmed.
  await sellerMessages.input.fill('Sure, call me on 713-555-0142');
  await sellerMessages.sendButton.click();
  const nudge = sellerMessages.conversation.getByRole('alert').filter({ hasText: 'Share contact details?' });
  await expect(nudge).toBeVisible();
  await expectAccessible(sellerPage);
  await expect(sellerMessages.message('Sure, call me on 713-555-0142')).toHaveCount(0);
  await nudge.getByRole('button', { name: 'Send anyway' }).click();
  await expect(sellerMessages.message('Sure, call me on 713-555-0142')).toBeVisible();
  await expect(nudge).toBeHidden();

  // The warning's link explains what is checked.
  await warning.getByRole('link', { name: 'Read our safety tips' }).click();
  await expect(sellerPage).toHaveURL(/\/safety-tips$/);
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Safety Tips' })).toBeVisible();
  await expect(sellerPage.getByRole('heading', { name: 'What CarMarket checks in messages' })).toBeVisible();
  await expectAccessible(sellerPage);
  await buyerContext.close();
});

test('the footer links to the Safety Tips page, open to guests', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Safety Tips' }).click();
  await expect(page).toHaveURL(/\/safety-tips$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Safety Tips' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'If you are buying' })).toBeVisible();
  await expectAccessible(page);
});

test('a listing reported by three people leaves search', async ({
  page,
  request,
  baseURL,
  mailbox,
  signInViaApi,
}) => {
  const sellerSession = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('reported') });
  // A price no other test uses finds this listing alone.
  const price = 9137;
  const listing = await createListingViaApi(request, sellerSession, await createTestImages(4), { price });
  const search = new SearchPage(page);
  const query = `minPrice=${price}&maxPrice=${price}`;

  // Two people report it through the API…
  for (const label of ['first-reporter', 'second-reporter']) {
    const reporter = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail(label) });
    const reported = await request.post(`/api/reports/listings/${listing._id}`, {
      headers: { authorization: `Bearer ${reporter.accessToken}` },
      data: { reason: 'scam' },
    });
    expect(reported.ok()).toBe(true);
  }
  await signInViaApi(page);
  await search.goto(query);
  await expect(search.cards).toHaveCount(1);

  // …and a third with the listing page's Report.
  await page.goto(`/listing/${listing._id}`);
  await page.getByRole('button', { name: 'Report listing' }).click();
  const form = page.getByRole('form', { name: 'Report this listing' });
  await form.getByRole('button', { name: 'Send Report' }).click();
  await expect(form.getByText('Please choose a reason')).toBeVisible();
  await form.getByLabel('Reason').selectOption({ label: 'Scam or fraud' });
  await form.getByLabel('Details (optional)').fill('Asked for a deposit before showing the car');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we received your report' })).toBeVisible();

  await search.goto(query);
  await expect(search.resultsCount).toBeVisible();
  await expect(search.cards).toHaveCount(0);
});

test('a saved search gets a live alert in the notifications menu when a matching car is listed', async ({
  page,
  request,
  baseURL,
  mailbox,
  signInViaApi,
}) => {
  // A price no other test uses: only this test's listing matches the saved search.
  const price = 9281;
  const watcher = await signInViaApi(page);
  const saved = await request.post('/api/search/saved', {
    headers: { authorization: `Bearer ${watcher.accessToken}` },
    data: { name: 'Civic at 9281', params: { make: 'Honda', minPrice: price, maxPrice: price } },
  });
  expect(saved.ok()).toBe(true);
  const layout = new SiteLayout(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(layout.notificationsButton).toHaveAccessibleName('Notifications');

  // Another user lists a matching car; the open page hears of it without a reload.
  const seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('alert-seller') });
  const listing = await createListingViaApi(request, seller, await createTestImages(4), { price });
  await expect(layout.notificationsButton).toHaveAccessibleName('Notifications 1 unread');

  await layout.notificationsButton.click();
  await expect(layout.notificationsButton).toHaveAttribute('aria-expanded', 'true');
  const alert = layout.notificationsPanel.getByRole('link', { name: /New for “Civic at 9281”/ });
  await expect(alert).toContainText(`${listing.title}, $9,281`);
  await expectAccessible(page);

  // From the keyboard: Escape closes the menu; opening the alert goes to the car and marks it read.
  await page.keyboard.press('Escape');
  await expect(layout.notificationsPanel).toBeHidden();
  await expect(layout.notificationsButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(alert).toBeVisible();
  await alert.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/listing/${listing._id}$`));
  await expect(layout.notificationsButton).toHaveAccessibleName('Notifications');
});

test('a received message can be reported, and the report shows under My Reports with its status', async ({
  browser,
  page: sellerPage,
  request,
  signInViaApi,
}) => {
  const text = 'Pay the deposit through my shipping agent and the car is yours';
  const { buyerContext, conversationId } = await buyerMessagesSeller(
    { browser, request, signInViaApi },
    sellerPage,
    text,
  );

  const messages = new MessagesPage(sellerPage);
  await messages.goto(conversationId);
  const message = messages.message(text);
  await message.getByRole('button', { name: 'Report this message' }).click();
  const form = message.getByRole('form', { name: 'Report this message' });
  await expect(form.getByLabel('Reason')).toBeFocused();
  await form.getByLabel('Reason').selectOption({ label: 'Scam or fraud' });
  await expectAccessible(sellerPage);
  await form.getByRole('button', { name: 'Send Report' }).click();
  await expect(message.getByRole('status')).toHaveText(
    'Thanks, we received your report and will review this message.',
  );
  await buyerContext.close();

  await sellerPage.goto('/dashboard');
  const reports = sellerPage.getByRole('region', { name: 'My Reports' });
  const entry = reports.getByRole('listitem').filter({ hasText: text });
  await expect(entry).toContainText('Scam or fraud');
  await expect(entry).toContainText('Under review');
  await expectAccessible(sellerPage);
});
