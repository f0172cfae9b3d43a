import { expect, type Locator, type Page } from '@playwright/test';

/** Points once round a circle on `box` (centre and radius as fractions of it), first and last alike. */
export function loopPoints(
  box: { x: number; y: number; width: number; height: number },
  { fx = 0.5, fy = 0.5, fr = 0.3, segments = 40 } = {},
): { x: number; y: number }[] {
  const cx = box.x + box.width * fx;
  const cy = box.y + box.height * fy;
  const r = Math.min(box.width, box.height) * fr;
  return Array.from({ length: segments + 1 }, (_, i) => {
    const a = (i / segments) * Math.PI * 2;
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
  });
}

/**
 * Draws one closed track on Draw & Race's stage with the mouse: a single stroke once round
 * a circle (centre and radius as fractions of the stage), then waits until the game has
 * turned it into a track (`data-finalized`).
 */
export async function drawLoop(page: Page, stage: Locator, fx = 0.5, fy = 0.5, fr = 0.3): Promise<void> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('the race stage is not on screen');
  const [start, ...rest] = loopPoints(box, { fx, fy, fr });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(p.x, p.y, { steps: 2 });
  await page.mouse.up();
  await expect(stage).toHaveAttribute('data-finalized', 'true');
}
