import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_account"]');
  }

  welcome(email: string) {
    return this.root.getByText(email);
  }
}
