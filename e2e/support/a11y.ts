import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on serious or critical axe violations of the page as it is now, once its running transitions
 * have ended: colours halfway through one (buttons fade into a new theme) are no state a reader sees.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only violations are read: axe then skips collecting the nodes of every check that passed.
  // Legacy mode runs axe.run in the page itself. The default mode runs axe in each frame and then
  // merges the partial results in a new blank page, which means a second 650 KB injection, a new
  // renderer and all the partial results serialized across the protocol. That came to about a fifth
  // of the e2e suite's CPU time. Our pages have no cross-origin frames, and only those need that mode.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  const report = blocking
    .map(
      ({ id, impact, help, nodes }) =>
        `${impact} ${id}: ${help}\n${nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`,
    )
    .join('\n');
  expect(blocking, `axe on ${page.url()}:\n${report}`).toEqual([]);
}
