import { SearchPage } from '../pages/search-page';
import { expect, test } from '../support/fixtures';

// index.html carries the remotes map and preloads the page's manifests (api/src/site/site.ts), so a
// page load does not wait on /remotes.json, and each manifest crosses the network once.
test('a page load reads its remotes from the page and fetches each manifest once', async ({ page }) => {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  await page.goto('/search');
  await expect(new SearchPage(page).resultsCount).toContainText('Found');

  expect(paths).not.toContain('/remotes.json');
  const manifests = paths.filter((path) => path.endsWith('/mf-manifest.json'));
  expect(manifests.filter((path) => path === '/mf-manifest.json')).toHaveLength(1);
  expect(manifests.filter((path) => /\/search\//.test(path))).toHaveLength(1);
});
