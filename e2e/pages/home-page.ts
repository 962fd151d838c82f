import type { Locator, Page } from '@playwright/test';
import { SiteLayout } from './site-layout';

export class HomePage {
  readonly layout: SiteLayout;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.layout = new SiteLayout(page);
    this.main = page.getByRole('main');
  }

  async goto() {
    await this.page.goto('/');
    await this.featureCard('Affordable Cars').waitFor();
  }

  link(name: string) {
    return this.main.getByRole('link', { name, exact: true });
  }

  featureCard(title: string) {
    return this.main.getByRole('heading', { name: title, exact: true });
  }
}
