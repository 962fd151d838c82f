import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { HomePage } from '../pages/home-page';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test.describe('theme and layout', () => {
  test('dark by default; the toggle switches to light, which survives a reload; accessible in both', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.goto();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expectAccessible(page);

    await home.layout.themeToggle.click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await home.featureCard('Affordable Cars').waitFor();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expectAccessible(page);

    await home.layout.themeToggle.click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });

  test('360 px wide: no horizontal scrolling and the header still works', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const home = new HomePage(page);
    await home.goto();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(home.layout.loginButton).toBeInViewport();
    await expect(home.layout.getStartedButton).toBeInViewport();
    await expectAccessible(page);

    // The navigation folds into a menu at this width.
    await home.layout.menuButton.click();
    await home.layout.header.getByRole('link', { name: 'Browse Cars' }).click();
    await expect(page).toHaveURL('/search');
    await home.goto();
    await home.layout.loginButton.click();
    await expect(page).toHaveURL('/login');
  });
});
