import type { Locator, Page } from '@playwright/test';
import { labelled } from './labels';

/**
 * 'My Profile' (spec §2): read-only email, name, phone, city, state, two email preferences; below
 * it, the dealer account form.
 */
export class ProfilePage {
  readonly root: Locator;
  readonly form: Locator;
  readonly dealerForm: Locator;
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
    this.form = this.root.getByRole('form', { name: 'Profile' });
    this.dealerForm = this.root.getByRole('form', { name: 'Dealer business' });
    this.email = this.form.getByLabel('Email', { exact: true });
    this.name = this.form.getByLabel('Display name');
    this.phone = this.form.getByLabel('Phone');
    this.city = this.form.getByLabel('City');
    this.state = this.form.getByLabel('State', { exact: true });
    this.newListings = this.form.getByLabel('Email me about new listings');
    this.savedSearches = this.form.getByLabel('Email me about saved searches');
    this.saveButton = this.form.getByRole('button', { name: 'Save Changes' });
  }

  async goto() {
    await this.page.goto('/profile');
    await this.saveButton.waitFor();
  }

  /** A field of the dealer form by its label (required ones end in an asterisk). */
  dealerField(label: string) {
    return this.dealerForm.getByLabel(labelled(label));
  }
}
