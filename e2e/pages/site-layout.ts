import type { Locator, Page } from '@playwright/test';

/** Header and footer of the shell's public layout (spec §2). */
export class SiteLayout {
  readonly header: Locator;
  readonly footer: Locator;
  readonly loginButton: Locator;
  readonly getStartedButton: Locator;
  readonly logoutButton: Locator;
  readonly sellYourCarButton: Locator;
  readonly themeToggle: Locator;
  readonly menuButton: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.footer = page.getByRole('contentinfo');
    this.loginButton = this.header.getByRole('link', { name: 'Login', exact: true });
    this.getStartedButton = this.header.getByRole('link', { name: 'Get Started', exact: true });
    this.logoutButton = this.header.getByRole('button', { name: 'Logout', exact: true });
    this.sellYourCarButton = this.header.getByRole('link', { name: 'Sell Your Car', exact: true });
    this.themeToggle = this.header.getByRole('button', { name: /^Switch to (light|dark) theme$/ });
    this.menuButton = this.header.getByRole('button', { name: 'Menu', exact: true });
  }

  /** The header's link to `path`, by its target rather than its wording. */
  headerLink(path: string) {
    return this.header.locator(`a[href="${path}"]`).first();
  }

  footerLink(name: string) {
    return this.footer.getByRole('link', { name, exact: true });
  }
}
