import type { Locator, Page } from '@playwright/test';

/** /moderation (administrators): reported listings and messages, each with its reports and decisions. */
export class ModerationPage {
  readonly root: Locator;
  readonly heading: Locator;
  /** What the page says after a decision. */
  readonly announcement: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_account"]');
    this.heading = this.root.getByRole('heading', { name: 'Moderation', level: 1 });
    this.announcement = this.root.getByRole('status');
  }

  async goto() {
    await this.page.goto('/moderation');
    await this.heading.waitFor();
  }

  /** The case of a reported listing, by its title. */
  listingCase(title: string) {
    return this.root.getByRole('article', { name: `Listing: ${title}` });
  }

  /** The reports inside a case. */
  reports(found: Locator) {
    return found.getByRole('list', { name: 'Reports' }).getByRole('listitem');
  }
}
