import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { HomePage } from '../pages/home-page';

test.describe('home page', () => {
  test('hero, three feature cards, the 4-photo promise and the closing call to action', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();

    await expect(home.link('Browse Cars')).toHaveAttribute('href', '/search');
    await expect(home.link('Sell Your Car')).toHaveAttribute('href', '/create-listing');
    for (const title of ['Affordable Cars', 'Advanced Search', 'Verified Listings']) {
      await expect(home.featureCard(title)).toBeVisible();
    }
    await expect(home.main.getByText(/at least 4 photos/i)).toBeVisible();
    await expect(home.link('Create Account')).toHaveAttribute('href', '/register');
    await expect(home.link('Start Searching')).toHaveAttribute('href', '/search');
    await expectAccessible(page);
  });

  test('hero buttons lead to search, and selling sends a guest to login', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.link('Browse Cars').click();
    await expect(page).toHaveURL('/search');

    await home.goto();
    await home.link('Sell Your Car').click();
    await expect(page).toHaveURL('/login');
  });

  test('footer: working links, entries without targets, the under-$10k line and this year', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.goto();
    const { footer } = home.layout;

    const links = {
      'Browse Cars': '/search',
      'Sell Your Car': '/create-listing',
      'My Dashboard': '/dashboard',
      'Saved Cars': '/favorites',
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(home.layout.footerLink(name)).toHaveAttribute('href', href);
    }
    const entries = [
      "Buyer's Guide",
      "Seller's Guide",
      'Safety Tips',
      'Pricing Tools',
      'About Us',
      'Contact',
    ].concat(['Careers', 'Press Kit', 'Privacy', 'Terms', 'Cookies']);
    for (const entry of entries) {
      await expect(footer.getByText(entry, { exact: true })).toBeVisible();
    }
    await expect(footer.getByText(/under \$10k/i)).toBeVisible();
    await expect(footer.getByText(new RegExp(`\\b${new Date().getFullYear()}\\b`))).toBeVisible();

    await home.layout.footerLink('Browse Cars').click();
    await expect(page).toHaveURL('/search');
  });
});
