/**
 * What a game page's main thread costs per second of play when nothing else in the page asks
 * for frames. Not a bench part (it prints, it keeps no figures). The frames part records
 * frame times with a requestAnimationFrame loop of its own in the page, so the page's thread
 * runs a frame (style, paint, commit) at every display frame whatever the game does, and a
 * game that stops asking for frames saves nothing there. A phone has no such recorder.
 *
 * For each scene of benchmarks/scenes.ts, with its loop running, at the given CPU throttling:
 * a trace with no recorder in the page, several rounds; per second, the main thread's own
 * CPU (thread time of its tasks, less readback, commit waits and the driver's commands), the
 * frames it began and the animation-frame callbacks it ran. Beside them the same of a blank
 * page clicked as the clicked scenes are, with no frame loop (the floor here).
 *
 *   npx tsx benchmarks/frames/quiet.ts [slug…] [--rate 4] [--ms 10000] [--rounds 3] [--reuse-build]
 */
import type { Browser, Page } from 'playwright-core';
import { loopSteps, setCpuThrottling, startTrace } from '../lib/pagedriver.ts';
import { openScene, presentScenes, VIEWPORT } from '../lib/pages.ts';
import { median } from '../lib/stats.ts';
import { TRACE_CATEGORIES } from '../lib/trace.ts';
import { renderPathUrl, type SceneStep } from '../scenes.ts';
import { CLICKED_FLOOR_HTML, CLICKED_FLOOR_LOOP } from './floor.ts';
import { type QuietSecond, quietSecond } from './quietSecond.ts';
import { runOnToolSite, toolOption } from './toolSite.ts';

/** The clicked blank page without its frame loop: a button and a HUD line that never changes. */
const QUIET_FLOOR_HTML = CLICKED_FLOOR_HTML.replace(/<script>[\s\S]*<\/script>/, '');
const QUIET_FLOOR_PATH = '/__bench/quiet-floor';

/** Rounds of a page with its loop running: throttled, traced with no recorder, one result a round. */
async function record(
  page: Page,
  loop: readonly SceneStep[] | undefined,
  rate: number,
  recordMs: number,
  rounds: number,
): Promise<QuietSecond[]> {
  const cdp = await page.context().newCDPSession(page);
  const input = loopSteps(page, loop);
  const results: QuietSecond[] = [];
  try {
    await page.waitForTimeout(2000);
    await setCpuThrottling(cdp, rate);
    await page.waitForTimeout(500);
    for (let round = 0; round < rounds; round++) {
      // devtools.timeline for FireAnimationFrame.
      const trace = await startTrace(cdp, [...TRACE_CATEGORIES, 'devtools.timeline']);
      await page.waitForTimeout(recordMs);
      const second = quietSecond(await trace.stop(), recordMs / 1000);
      if (second) results.push(second);
    }
    await setCpuThrottling(cdp, 1);
  } finally {
    await input.stop().catch(() => {});
  }
  return results;
}

async function quietFloor(browser: Browser, origin: string, rate: number, recordMs: number, rounds: number) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.route(origin + QUIET_FLOOR_PATH, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: QUIET_FLOOR_HTML }),
    );
    const page = await context.newPage();
    await page.goto(origin + QUIET_FLOOR_PATH, { waitUntil: 'load' });
    return await record(page, CLICKED_FLOOR_LOOP, rate, recordMs, rounds);
  } finally {
    await context.close();
  }
}

function line(label: string, results: QuietSecond[], floorCpu?: number): string {
  if (!results.length) return `${label}: no main thread in the trace`;
  const cpu = median(results.map((r) => r.cpuMs));
  const spread = results.map((r) => r.cpuMs.toFixed(0)).join(', ');
  const beyond = floorCpu === undefined ? '' : `, ${(cpu - floorCpu).toFixed(0)} ms beyond the floor`;
  return (
    `${label}: main-thread CPU ${cpu.toFixed(0)} ms per second (rounds ${spread})${beyond}; ` +
    `${median(results.map((r) => r.frames)).toFixed(1)} frames begun, ` +
    `${median(results.map((r) => r.animationFrames)).toFixed(1)} animation-frame callbacks per second`
  );
}

const rate = Number(toolOption('--rate', '4'));
const recordMs = Number(toolOption('--ms', '10000'));
const rounds = Number(toolOption('--rounds', '3'));
runOnToolSite(['--rate', '--ms', '--rounds'], recordMs, async ({ ctx, build, server, browser }) => {
  console.log(
    `At ${rate}× CPU, ${rounds} rounds of ${recordMs / 1000} s, no frame recorder in the page; medians:`,
  );
  const floor = await quietFloor(browser, server.origin, rate, recordMs, rounds);
  console.log(line('blank page clicked every 200 ms (the floor)', floor));
  const floorCpu = floor.length ? median(floor.map((r) => r.cpuMs)) : undefined;
  for (const scene of presentScenes(ctx, build)) {
    for (const render of scene.renderPaths ?? [undefined]) {
      const path = renderPathUrl(scene.path, render);
      const opened = await openScene(browser, server.origin, { ...scene, path });
      try {
        console.log(line(path, await record(opened.page, scene.loop, rate, recordMs, rounds), floorCpu));
      } finally {
        await opened.context.close();
      }
    }
  }
});
