import { expectAccessible } from '../support/a11y';
import { startStandaloneRemote } from '../support/deploy';
import { expect, test } from '../support/fixtures';
import { SearchPage } from '../pages/search-page';

// Builds the remote's standalone page in production mode: most of this test's time on a busy machine.
test.describe.configure({ timeout: 300_000 });

test('a production build of the search remote opens alone, on the site’s API, and says whether the site can mount it', async ({
  page,
  baseURL,
}) => {
  const standalone = await startStandaloneRemote('search', baseURL!);
  try {
    // The runtime the release was built with, compared with the one the site's shell lends it.
    const origin = new URL(baseURL!).origin.replaceAll('.', '\\.');
    expect(standalone.output()).toMatch(
      new RegExp(
        `mfe_search was built with the federation runtime (\\d+\\.\\d+\\.\\d+); ` +
          `the shell of ${origin} runs \\1: the site can mount it`,
      ),
    );
    const searchPage = new SearchPage(page);
    const listings = page.waitForResponse(
      (response) => response.url().startsWith(`${standalone.url}/api/search`) && response.ok(),
    );
    await page.goto(`${standalone.url}/search`);
    await expect(searchPage.heading).toBeVisible();
    // Its data comes from the site through the page's own origin.
    await listings;
    await expect(searchPage.resultsCount).toBeVisible();
    // No shell: no site header around it.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await standalone.stop();
  }
});
