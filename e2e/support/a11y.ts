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
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const blocking = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  const report = blocking
    .map(
      ({ id, impact, help, nodes }) =>
        `${impact} ${id}: ${help}\n${nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`,
    )
    .join('\n');
  expect(blocking, `axe on ${page.url()}:\n${report}`).toEqual([]);
}
