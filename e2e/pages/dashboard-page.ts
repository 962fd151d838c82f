import type { Locator, Page } from '@playwright/test';

/** /dashboard (spec §2): welcome, stat cards, My Listings / My Favorites tabs. */
export class DashboardPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_account"]');
  }

  async goto() {
    await this.page.goto('/dashboard');
    await this.root.getByRole('heading', { level: 1 }).waitFor();
  }

  welcome(email: string) {
    return this.root.getByText(email);
  }

  /** The number on a stat card: Active Listings, Sold Listings or Favorites. */
  stat(label: 'Active Listings' | 'Sold Listings' | 'Favorites') {
    return this.root
      .getByRole('heading', { name: label, exact: true })
      .locator('xpath=following-sibling::p[1]');
  }

  tab(name: 'My Listings' | 'My Favorites') {
    return this.root.getByRole('tab', { name });
  }

  /** The pager under a tab's list: 'My Listings pages' or 'My Favorites pages'. */
  pager(tab: 'My Listings' | 'My Favorites') {
    return this.root.getByRole('navigation', { name: `${tab} pages` });
  }

  /** The listings of the open tab's page. */
  rows() {
    return this.root.getByRole('tabpanel').getByRole('listitem');
  }

  listing(name: string) {
    return this.root
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name }) });
  }
}
