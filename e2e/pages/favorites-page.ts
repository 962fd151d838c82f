import type { Locator, Page } from '@playwright/test';

/** 'My Favorites' (spec §2): saved listings as a grid or a list. */
export class FavoritesPage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly items: Locator;
  readonly pager: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_account"]');
    this.heading = this.root.getByRole('heading', { name: 'My Favorites', level: 1 });
    this.items = this.root.getByRole('listitem');
    this.pager = this.root.getByRole('navigation', { name: 'Favorites pages' });
  }

  async goto(query = '') {
    await this.page.goto(`/favorites${query}`);
    await this.heading.waitFor();
  }

  item(name: string) {
    return this.items.filter({ has: this.page.getByRole('link', { name }) });
  }
}
