import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * axe's minified build, the same rules and version. `@axe-core/playwright` otherwise injects the
 * readable build, 1.5 MB where this is 0.65 MB, sent over the protocol and compiled by the page at
 * every check: about 60 ms of the page's CPU a check (docs/benchmarks.md, fourteenth round).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
  // merges the partial results in a new blank page, which means a second injection of axe, a new
  // renderer and all the partial results serialized across the protocol. That came to about a fifth
  // of the e2e suite's CPU time. Our pages have no cross-origin frames, and only those need that mode.
  const { violations } = await new AxeBuilder({ page, axeSource })
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
