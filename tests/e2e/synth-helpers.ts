import type { Page } from '@playwright/test';
import { FIRST_LOAD } from './pageLoad.ts';

/**
 * The steps the playhead shows now, by `data-step`: those whose head (`.synth-head`) is
 * visible. The playhead is an opacity animation the compositor runs (usePlayhead.ts);
 * the computed style gives its value at this moment on the page's timeline.
 */
export function playheadSteps(page: Page, scope = '.synth-steps'): Promise<string[]> {
  return page.evaluate(
    (root) =>
      Array.from(document.querySelectorAll<HTMLElement>(`${root} [data-step]`))
        .filter((el) => {
          const head = el.querySelector('.synth-head');
          return head !== null && Number(getComputedStyle(head).opacity) > 0.5;
        })
        .map((el) => el.dataset.step ?? ''),
    scope,
  );
}

export interface PlayheadSample {
  /** How many pads were lit at once, each count seen. */
  litCounts: number[];
  /** Whether any pad was seen lifted (its transform). */
  lifted: boolean;
  /** Frames where the loops' cells showed another step than the pads. */
  loopsApart: number;
}

/** Watches the playhead every animation frame for `ms`, in the page. */
export function samplePlayhead(page: Page, ms: number): Promise<PlayheadSample> {
  return page.evaluate(async (duration) => {
    const lit = (root: string) =>
      Array.from(document.querySelectorAll<HTMLElement>(`${root} [data-step]`))
        .filter((el) => Number(getComputedStyle(el.querySelector('.synth-head') as Element).opacity) > 0.5)
        .map((el) => Number(el.dataset.step));
    const pads = Array.from(document.querySelectorAll<HTMLElement>('.synth-steps [data-step]'));
    const counts = new Set<number>();
    let lifted = false;
    let loopsApart = 0;
    const start = performance.now();
    while (performance.now() - start < duration) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = lit('.synth-steps');
      counts.add(now.length);
      for (const row of Array.from(document.querySelectorAll('.synth-loop__cells'))) {
        const cells = Array.from(row.querySelectorAll<HTMLElement>('[data-step]'))
          .filter((el) => Number(getComputedStyle(el.querySelector('.synth-head') as Element).opacity) > 0.5)
          .map((el) => Number(el.dataset.step));
        if (cells.join() !== now.join()) loopsApart++;
      }
      if (pads.some((el) => getComputedStyle(el).transform !== 'none')) lifted = true;
    }
    return {
      litCounts: Array.from(counts).sort(),
      lifted,
      loopsApart,
    };
  }, ms);
}

/** The bar the pads' playhead animations cycle over, in ms (16 steps at the tempo playing), each value seen. */
export function playheadBarMs(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const bars = new Set<number>();
    for (const head of Array.from(document.querySelectorAll('.synth-steps .synth-head')))
      for (const animation of head.getAnimations())
        bars.add(Math.round(Number(animation.effect?.getTiming().duration) * 10) / 10);
    return Array.from(bars);
  });
}

/**
 * Opens Synth Loops and waits for its cards. The first visit in a test fetches the page's
 * chunks and starts its audio code; on a loaded CI machine that took more than the default
 * 10 s ("Loading…" still showing), so the first sight of the page gets 20 s.
 */
export async function openSynth(page: Page, url = '/synth'): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Transport' }).waitFor(FIRST_LOAD);
}
