import type { Locator, Page } from '@playwright/test';
import { labelled } from './labels';

/** /edit-listing/{id}: the seller remote's three-tab editor. */
export class ListingEditorPage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly photoTiles: Locator;
  readonly photoInput: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_seller"]');
    this.heading = this.root.getByRole('heading', { level: 1 });
    this.photoTiles = this.root.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    this.photoInput = this.root.getByLabel('Choose photos');
  }

  async goto(id: string) {
    await this.page.goto(`/edit-listing/${id}`);
    await this.heading.waitFor();
  }

  tab(name: 'Listing Details' | 'Vehicle Information' | 'Photos') {
    return this.root.getByRole('tab', { name });
  }

  /** A form control by its label; required fields' labels end in an asterisk. */
  field(label: string) {
    return this.root.getByLabel(labelled(label));
  }

  button(name: string | RegExp) {
    return this.root.getByRole('button', { name });
  }
}
