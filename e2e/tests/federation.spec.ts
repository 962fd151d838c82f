import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { navigateInApp } from '../support/navigation';
import { DashboardPage } from '../pages/dashboard-page';

// One route per exposed page, with the Module Federation name of the remote that renders it.
const remotePages = [
  { route: '/search', remote: 'mfe_search' },
  { route: `/listing/${randomUUID()}`, remote: 'mfe_listings' },
  { route: '/create-listing', remote: 'mfe_seller' },
  { route: '/dashboard', remote: 'mfe_account' },
  { route: '/favorites', remote: 'mfe_account' },
  { route: '/profile', remote: 'mfe_account' },
  { route: '/messages', remote: 'mfe_messaging' },
];

test.describe('runtime composition', () => {
  test('one React renderer on the page after every remote has rendered', async ({ page, signInViaApi }) => {
    // A stand-in for the React DevTools hook: every react-dom copy that starts registers here.
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      Object.assign(window, {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          renderers,
          supportsFiber: true,
          inject(renderer: unknown) {
            renderers.set(renderers.size + 1, renderer);
            return renderers.size;
          },
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        },
      });
    });
    await signInViaApi();
    await page.goto('/');
    for (const { route, remote } of remotePages) {
      await navigateInApp(page, route);
      await expect(page.locator(`[data-remote="${remote}"]`)).toBeVisible();
    }
    const renderers = await page.evaluate(
      () =>
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
          .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
    expect(renderers).toBe(1);
  });

  test("every remote uses the shell's QueryClient and session", async ({ page, signInViaApi }) => {
    const { user } = await signInViaApi();
    await page.goto('/');
    const shellLayout = page.locator('[data-query-client]:not([data-remote])');
    await expect(shellLayout).toHaveAttribute('data-session-user', user._id);
    const shellClient = await shellLayout.getAttribute('data-query-client');
    expect(shellClient).toBeTruthy();

    for (const { route, remote } of remotePages) {
      await navigateInApp(page, route);
      const root = page.locator(`[data-remote="${remote}"]`);
      await expect(root).toHaveAttribute('data-query-client', shellClient!);
      await expect(root).toHaveAttribute('data-session-user', user._id);
    }
    await navigateInApp(page, '/dashboard');
    await expect(new DashboardPage(page).welcome(user.email)).toBeVisible();
  });
});
