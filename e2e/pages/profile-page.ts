import type { Locator, Page } from '@playwright/test';

/** 'My Profile' (spec §2): read-only email, name, phone, city, state, two email preferences. */
export class ProfilePage {
  readonly root: Locator;
  readonly email: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly city: Locator;
  readonly state: Locator;
  readonly newListings: Locator;
  readonly savedSearches: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_account"]');
    this.email = this.root.getByLabel('Email', { exact: true });
    this.name = this.root.getByLabel('Display name');
    this.phone = this.root.getByLabel('Phone');
    this.city = this.root.getByLabel('City');
    this.state = this.root.getByLabel('State', { exact: true });
    this.newListings = this.root.getByLabel('Email me about new listings');
    this.savedSearches = this.root.getByLabel('Email me about saved searches');
    this.saveButton = this.root.getByRole('button', { name: 'Save Changes' });
  }

  async goto() {
    await this.page.goto('/profile');
    await this.saveButton.waitFor();
  }
}
