import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Draws one closed track on Draw & Race's stage with the mouse: a single stroke once round
 * a circle (centre and radius as fractions of the stage), then waits until the game has
 * turned it into a track (`data-finalized`).
 */
export async function drawLoop(page: Page, stage: Locator, fx = 0.5, fy = 0.5, fr = 0.3): Promise<void> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('the race stage is not on screen');
  const cx = box.x + box.width * fx;
  const cy = box.y + box.height * fy;
  const r = Math.min(box.width, box.height) * fr;
  await page.mouse.move(cx + r, cy);
  await page.mouse.down();
  for (let i = 1; i <= 40; i++) {
    const a = (i / 40) * Math.PI * 2;
    await page.mouse.move(cx + r * Math.cos(a), cy + r * Math.sin(a), { steps: 2 });
  }
  await page.mouse.up();
  await expect(stage).toHaveAttribute('data-finalized', 'true');
}
