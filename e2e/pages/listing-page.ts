import type { Locator, Page } from '@playwright/test';

/** /listing/{id} (spec §2), as the mfe_listings remote renders it. */
export class ListingPage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly price: Locator;
  readonly breadcrumb: Locator;
  readonly quickFacts: Locator;
  readonly vehicleDetails: Locator;
  readonly sellerInformation: Locator;
  readonly similarCars: Locator;
  readonly mainPhoto: Locator;
  readonly viewer: Locator;
  readonly messageSeller: Locator;
  readonly addToFavorites: Locator;
  readonly removeFromFavorites: Locator;
  /** The contact card: price, Message Seller, favorite, the seller (sticky beside the details on a wide screen). */
  readonly contactCard: Locator;
  /** The phone's sticky bar with the price and Message Seller. */
  readonly contactBar: Locator;
  readonly previousPhoto: Locator;
  readonly nextPhoto: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_listings"]');
    this.heading = this.root.getByRole('heading', { level: 1 });
    this.price = this.heading.locator('xpath=following-sibling::p[1]');
    this.breadcrumb = this.root.getByRole('navigation', { name: 'Breadcrumb' });
    this.quickFacts = this.root.getByLabel('Quick facts');
    this.vehicleDetails = this.root.getByRole('region', { name: 'Vehicle Details' });
    this.sellerInformation = this.root.getByRole('region', { name: 'Seller Information' });
    this.similarCars = this.root.getByRole('region', { name: 'Similar Cars' });
    this.mainPhoto = this.root.getByRole('button', { name: /full screen$/ });
    this.viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    this.messageSeller = this.root.getByRole('button', { name: 'Message Seller' });
    this.addToFavorites = this.root.getByRole('button', { name: 'Add to Favorites' });
    this.removeFromFavorites = this.root.getByRole('button', { name: 'Remove from Favorites' });
    this.contactCard = this.root.getByRole('region', { name: 'Contact and save' });
    this.contactBar = this.root.getByRole('complementary', { name: 'Contact the seller' });
    const photos = this.root.getByRole('region', { name: 'Photos' });
    this.previousPhoto = photos.getByRole('button', { name: 'Previous photo' });
    this.nextPhoto = photos.getByRole('button', { name: 'Next photo' });
  }

  async goto(id: string) {
    await this.page.goto(`/listing/${id}`);
    await this.heading.waitFor();
  }

  /** The value shown for `term` in a definition list. */
  fact(container: Locator, term: string) {
    return container
      .locator('div', { has: this.page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
      .locator('dd');
  }
}
