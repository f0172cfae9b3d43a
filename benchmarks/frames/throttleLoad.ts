/**
 * What DevTools' CPU throttle does to thread time when other processes want the cores. Not a
 * bench part (it prints, it keeps no figures): a page whose requestAnimationFrame callback
 * does a fixed piece of script (about 6 ms here unthrottled) is traced for 5 s at 1× and at
 * 4× CPU, each with 0 and with 2 busy processes beside it, and the callback's wall and
 * thread time (median, p95) are printed for each. If the throttle slowed script by its rate
 * alone, the thread time at a rate would not depend on the other processes; it does, because
 * its spin is (rate − 1) × the wall time since it last let the thread go (lib/threadCpu.ts).
 * Also prints the page's main thread's share of a core (from /proc) at each setting.
 *
 *   npx tsx benchmarks/frames/throttleLoad.ts [--rounds 2]
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../../scripts/chromium.mjs';
import { setCpuThrottling, startTrace } from '../lib/pagedriver.ts';
import { launchBrowser } from '../lib/site.ts';
import { percentile } from '../lib/stats.ts';
import { coreShare, cpuWindow } from '../lib/threadCpu.ts';
import { pageMainThread } from '../lib/trace.ts';

const BURN = '--burn';
if (process.argv[2] === BURN) {
  // A busy process for the given ms: what a render worker, a GPU process or a build does to the cores.
  const end = Date.now() + Number(process.argv[3]);
  let x = 0;
  while (Date.now() < end) x += Math.sqrt(x + 1);
  process.exit(x > 0 ? 0 : 1);
}

const PAGE = `<!doctype html><title>fixed work</title><script>
let x = 0;
const work = () => { for (let i = 0; i < 300000; i++) x = (x * 1.0000001 + i) % 1e9; };
const frame = () => { work(); requestAnimationFrame(frame); };
requestAnimationFrame(frame);
</script>`;
const RECORD_MS = 5000;

const at = process.argv.indexOf('--rounds');
const rounds = at >= 0 ? Number(process.argv[at + 1]) : 2;
const browser = await launchBrowser({
  quick: true,
  chromium: findChromium(),
  progress: () => {},
});
try {
  const page = await browser.newPage();
  await page.setContent(PAGE);
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  const ms = (v: number) => (v / 1000).toFixed(2).padStart(6);
  console.log('rate  busy  calls   wall median   p95   thread median   p95   main thread, % of a core');
  for (let round = 1; round <= rounds; round++)
    for (const [rate, busy] of [
      [1, 0],
      [1, 2],
      [4, 0],
      [4, 2],
    ]) {
      await setCpuThrottling(cdp, rate);
      const burners = Array.from({ length: busy }, () =>
        fork(fileURLToPath(import.meta.url), [BURN, String(RECORD_MS + 1500)], { stdio: 'ignore' }),
      );
      await page.waitForTimeout(500);
      const trace = await startTrace(cdp, [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        '__metadata',
      ]);
      const cpu = cpuWindow();
      await page.waitForTimeout(RECORD_MS);
      const { before, after, seconds } = cpu.stop();
      const events = await trace.stop();
      for (const burner of burners) burner.kill();
      const main = pageMainThread(events);
      if (!main) throw new Error('the trace names no main thread');
      const calls = events.filter(
        (e) => e.ph === 'X' && e.name === 'FunctionCall' && e.pid === main.pid && e.tid === main.tid,
      );
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const wall = sorted(calls.map((e) => e.dur ?? 0));
      const thread = sorted(calls.map((e) => e.tdur ?? 0));
      const share = coreShare(before, after, main, seconds);
      console.log(
        `${String(rate).padStart(3)}×  ${busy}     ${String(calls.length).padStart(4)}  ${ms(percentile(wall, 50))}  ${ms(percentile(wall, 95))}  ${ms(percentile(thread, 50))}  ${ms(percentile(thread, 95))}   ${share === null ? 'n/a' : `${(share * 100).toFixed(1)} %`}`,
      );
    }
} finally {
  await browser.close();
}
