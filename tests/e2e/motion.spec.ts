/**
 * Motion follows the person's setting (prefers-reduced-motion): with no preference the phone menu drawer
 * slides in; asking for less motion, it appears at once while a spinner keeps turning. The other browser
 * tests run asking for less motion (playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { expect, openAsAdmin, test } from './fixtures';
import { adminSession } from './sessions';

test.use({ ...adminSession, viewport: { width: 390, height: 844 } });

/** The longest animation or transition running in the open menu drawer, in ms. */
async function openMenuAndMeasure(page: Page): Promise<number> {
  await openAsAdmin(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  return drawer.evaluate((element) => {
    const root = element.closest('[data-scope="drawer"][data-part="positioner"]') ?? element;
    const durations = root
      .getAnimations({ subtree: true })
      .map((animation) => Number(animation.effect?.getComputedTiming().duration ?? 0));
    // The drawer's own style, should its animation have ended before it was read.
    const style = getComputedStyle(element);
    durations.push(parseFloat(style.animationDuration) * (style.animationDuration.endsWith('ms') ? 1 : 1000));
    return Math.max(...durations);
  });
}

test.describe('with no motion preference', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the phone menu drawer animates in', async ({ page }) => {
    expect(await openMenuAndMeasure(page)).toBeGreaterThanOrEqual(100);
  });
});

test.describe('asking for less motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the phone menu drawer appears at once, and a spinner still turns', async ({ page }) => {
    expect(await openMenuAndMeasure(page)).toBeLessThanOrEqual(1);
    // A spinner keeps its endless turn: it says something is still happening.
    const turn = await page.evaluate(() => {
      const spinner = document.createElement('span');
      spinner.className = 'chakra-spinner';
      spinner.style.animation = 'spin 0.6s linear infinite';
      document.body.append(spinner);
      const style = getComputedStyle(spinner);
      const result = { duration: style.animationDuration, count: style.animationIterationCount };
      spinner.remove();
      return result;
    });
    expect(turn).toEqual({ duration: '0.6s', count: 'infinite' });
  });
});
