import type { Locator, Page } from '@playwright/test';
import { labelled } from './labels';

export interface VehicleInfo {
  year: string;
  make: string;
  model: string;
  mileage: string;
}

/** /create-listing: the 6-step wizard of the seller remote. */
export class ListingWizardPage {
  readonly root: Locator;
  readonly stepHeading: Locator;
  readonly progress: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly cancel: Locator;
  readonly submit: Locator;
  readonly photoInput: Locator;
  readonly photoTiles: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-remote="mfe_seller"]');
    this.stepHeading = this.root.getByRole('heading', { level: 2, name: /^Step \d of 6/ });
    this.progress = this.root.getByRole('navigation', { name: 'Listing steps' });
    this.next = this.root.getByRole('button', { name: 'Next' });
    this.previous = this.root.getByRole('button', { name: 'Previous' });
    this.cancel = this.root.getByRole('button', { name: 'Cancel' });
    this.submit = this.root.getByRole('button', { name: /^(Submit Listing|Creating\.\.\.)$/ });
    this.photoInput = this.root.getByLabel('Choose photos');
    this.photoTiles = this.root.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  }

  async goto() {
    await this.page.goto('/create-listing');
    await this.stepHeading.waitFor();
  }

  /** A form control by its label; required fields' labels end in an asterisk. */
  field(label: string) {
    return this.root.getByLabel(labelled(label));
  }

  /** An error message shown under a field (or for the step). */
  message(text: string) {
    return this.root.getByText(text, { exact: true });
  }

  /** The progress bar's entry for a step, e.g. '1. Vehicle Info'. */
  progressStep(label: string) {
    return this.progress.getByText(label, { exact: true });
  }

  async fillVehicleInfo({ year, make, model, mileage }: VehicleInfo) {
    await this.field('Year').selectOption(year);
    await this.field('Make').selectOption(make);
    await this.field('Model').selectOption(model);
    await this.field('Mileage').fill(mileage);
  }

  /** A year the vehicle list has no makes for: make, model and trim are typed. */
  async fillTypedVehicleInfo({ year, make, model, mileage, trim }: VehicleInfo & { trim?: string }) {
    await this.field('Year').selectOption(year);
    await this.field('Make').fill(make);
    await this.field('Model').fill(model);
    if (trim) await this.field('Trim').fill(trim);
    await this.field('Mileage').fill(mileage);
  }

  async fillVehicleDetails() {
    await this.field('Body type').selectOption({ label: 'Sedan' });
    await this.field('Fuel type').selectOption({ label: 'Gasoline' });
    await this.field('Transmission').selectOption({ label: 'Automatic' });
    await this.field('Drivetrain').selectOption({ label: 'Front-Wheel Drive (FWD)' });
    await this.field('Exterior color').selectOption('Blue');
    await this.field('Interior color').selectOption('Black');
    await this.field('Doors').fill('4');
    await this.field('Condition').selectOption({ label: 'Good' });
    await this.field('Title status').selectOption({ label: 'Clean' });
  }

  /** A feature's checkbox within its category's group, e.g. ('Safety', 'Backup Camera'). */
  feature(category: string, name: string) {
    return this.root.getByRole('group', { name: category, exact: true }).getByLabel(name, { exact: true });
  }

  async fillFuelEconomy(city: string, highway: string, combined: string) {
    await this.field('City MPG').fill(city);
    await this.field('Highway MPG').fill(highway);
    await this.field('Combined MPG').fill(combined);
  }

  async fillListingDetails(title: string, description: string, price: string) {
    await this.field('Title').fill(title);
    await this.field('Description').fill(description);
    await this.field('Price (USD)').fill(price);
  }

  async fillContactLocation(city: string, state: string, zip: string) {
    await this.field('City').fill(city);
    await this.field('State').fill(state);
    await this.field('ZIP code').fill(zip);
  }
}
