import type { Page } from '@playwright/test';
import type { PilotView } from '../../src/games/lunar-lander/engine/autopilot.ts';

/** What the autopilot sees, read from the Flight data region's data attributes. */
export async function readPilotView(page: Page): Promise<PilotView> {
  const attrs = await page
    .getByRole('region', { name: 'Flight data' })
    .evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  return {
    dx: Number(attrs.dx),
    height: Number(attrs.height),
    vx: Number(attrs.vx),
    vy: Number(attrs.vy),
    halfWidth: Number(attrs.halfWidth),
  };
}
