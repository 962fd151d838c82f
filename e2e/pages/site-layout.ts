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
  readonly messagesLink: Locator;
  readonly profileLink: Locator;
  /** The notifications menu's button ('Notifications', then '3 unread' while there are any). */
  readonly notificationsButton: Locator;
  readonly notificationsPanel: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.footer = page.getByRole('contentinfo');
    this.loginButton = this.header.getByRole('link', { name: 'Login', exact: true });
    this.getStartedButton = this.header.getByRole('link', { name: 'Get Started', exact: true });
    this.logoutButton = this.header.getByRole('button', { name: 'Logout', exact: true });
    this.sellYourCarButton = this.header.getByRole('link', { name: 'Sell Your Car', exact: true });
    this.themeToggle = this.header.getByRole('button', { name: /^Switch to (light|dark) theme$/ });
    this.menuButton = this.header.getByRole('button', { name: 'Menu', exact: true });
    this.messagesLink = this.header.getByRole('link', { name: /^Messages/ });
    this.profileLink = this.header.getByRole('link', { name: 'Profile', exact: true });
    this.notificationsButton = this.header.getByRole('button', { name: /^Notifications/ });
    this.notificationsPanel = this.header.getByRole('region', { name: 'Notifications' });
  }

  /** The signed-in user's name in the header (inside the Menu on a phone). */
  userName(name: string) {
    return this.header.getByText(name, { exact: true });
  }

  /** The header's link to `path`, by its target rather than its wording. */
  headerLink(path: string) {
    return this.header.locator(`a[href="${path}"]`).first();
  }

  footerLink(name: string) {
    return this.footer.getByRole('link', { name, exact: true });
  }
}
