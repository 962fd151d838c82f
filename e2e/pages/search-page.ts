import type { Locator, Page } from '@playwright/test';

/** /search (spec §2): search box, filter panel, sort, results, pagination and saved searches. */
export class SearchPage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly searchBox: Locator;
  readonly suggestions: Locator;
  readonly resultsCount: Locator;
  readonly cards: Locator;
  readonly sort: Locator;
  readonly filters: Locator;
  readonly pagination: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_search"]');
    this.heading = this.root.getByRole('heading', { name: 'Search Cars', level: 1 });
    this.searchBox = this.root.getByRole('combobox', { name: 'Search by make, model, keyword or city' });
    this.suggestions = this.root.getByRole('listbox', { name: 'Suggestions' });
    this.resultsCount = this.root.locator('#results-count');
    this.cards = this.root.getByRole('article');
    this.sort = this.root.getByLabel('Sort by');
    this.filters = this.root.getByRole('complementary', { name: 'Filters' });
    this.pagination = this.root.getByRole('navigation', { name: 'Pagination' });
  }

  async goto(query = '') {
    await this.page.goto(`/search${query ? `?${query}` : ''}`);
    await this.heading.waitFor();
  }

  card(name: string) {
    return this.cards.filter({ has: this.page.getByRole('link', { name }) });
  }

  /** The URL's query as a plain object, for asserting what the page put there. */
  query(): Record<string, string> {
    return Object.fromEntries(new URL(this.page.url()).searchParams);
  }
}
