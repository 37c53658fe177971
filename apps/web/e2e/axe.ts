import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA, as axe checks them. No rule is switched off: a violation is fixed in the page. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The page as axe finds it, once what is moving has come to rest: axe reads colours as painted, and a dialog still
 * fading in blends its colours with the page's (a button's label measured 4.26:1 and a hint 4.07:1 halfway through a
 * modal's opening, on a busy machine). Animations without an end (a spinner) are not waited for.
 */
export async function expectAccessible(page: Page, what: string) {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
    .map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`);
  expect(found, `${what}: axe violations`).toEqual([]);
}
