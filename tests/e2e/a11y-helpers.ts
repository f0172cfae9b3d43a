/** Shared accessibility checks of the end-to-end specs (axe-core in the real page). */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the suite holds every page and dialog to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export const PHONE_SIZE = { width: 360, height: 640 };
export const DESKTOP_SIZE = { width: 1440, height: 900 };

/**
 * Waits until every finite CSS animation and transition on the page has ended (endless
 * ones are left running): axe reads colours as they are painted, and a button still
 * fading in once measured a contrast of 1.21 against its final 4.5+.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Serious and critical axe violations on the page as it is now, one line per rule. */
export async function seriousA11yViolations(page: Page, include?: string): Promise<string[]> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 6)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`,
          )
          .join(' | ')}`,
    );
}

/** Fails with the list of serious or critical axe violations, labelled with where they were found. */
export async function expectNoSeriousA11yViolations(page: Page, where: string, include?: string) {
  const found = await seriousA11yViolations(page, include);
  expect(found, `axe on ${where}`).toEqual([]);
}
