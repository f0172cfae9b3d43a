/**
 * Synth Loops timing and cost.
 * 1. Onset error over a long offline render (Node, node-web-audio-api + Tone, the same
 *    voices, step player and scheduler core the page uses): 8 loops of clicky test voices
 *    interleaved so every step has exactly one onset; each onset found in the samples is
 *    compared with its grid time (max, p99, drift). Rendered at 8 kHz (a sample is still
 *    0.125 ms, far below the 1 ms goal). Length: 2 minutes at 100 BPM by default (quick: 1
 *    minute); SYNTH_BENCH_MINUTES=10 asks for the full 10 minutes. Why not 10 by default:
 *    render time in node-web-audio-api grows with the square of the length (automation
 *    events pile up: 12 bars 3 s, 25 bars 9 s, 50 bars 40 s on this 2-core machine), and a
 *    continuous 10-minute render (250 bars) did not finish within 20 minutes. The step
 *    times themselves are checked drift-free over 10 minutes by engine/timing.test.ts.
 * 2. Main-thread CPU per second of playback in Chromium with 8 loops playing (CDP
 *    Performance.getMetrics TaskDuration), beside the same page stopped.
 * Run alone: `npx tsx benchmarks/synth/index.ts [--quick]`.
 */
import { pathToFileURL } from 'node:url';
import * as webAudio from 'node-web-audio-api';
import { findChromium } from '../../scripts/chromium.mjs';
import { disposeSite, ensureBuild, ensureServer, gameInBuild, launchBrowser } from '../lib/site.ts';
import { slope } from '../lib/stats.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';

const BPM = 100;
const LOOPS = 8;
const SAMPLE_RATE = 8000;
const START_AT = 0.1;

function installWebAudio() {
  const g = globalThis as Record<string, unknown>;
  for (const [k, v] of Object.entries(webAudio)) if (!(k in g)) g[k] = v;
  if (!('window' in g)) g.window = globalThis;
}

const round = (v: number, digits = 3) => Number(v.toFixed(digits));

async function onsetFigures(ctx: BenchContext): Promise<BenchFigure[]> {
  installWebAudio();
  const { renderSong } = await import('../../src/games/synth/audio/render.ts');
  const { interleavedClickTracks } = await import('../../src/games/synth/audio/testVoices.ts');
  const { compareOnsets, detectOnsets } = await import('../../src/games/synth/engine/onsets.ts');
  const { barDuration } = await import('../../src/games/synth/engine/timing.ts');
  const minutes = Number(process.env.SYNTH_BENCH_MINUTES) || (ctx.quick ? 1 : 2);
  const seconds = minutes * 60;
  const bars = Math.round(seconds / barDuration(BPM));
  ctx.progress(
    `synth: rendering ${bars} bars (${seconds} s) of ${LOOPS} loops at ${SAMPLE_RATE} Hz offline…`,
  );
  const t0 = performance.now();
  const { buffer, noteTimes } = await renderSong({
    bpm: BPM,
    tracks: interleavedClickTracks(LOOPS),
    bars,
    sampleRate: SAMPLE_RATE,
    channels: 1,
    startAt: START_AT,
    tail: 0.2,
  });
  const renderS = (performance.now() - t0) / 1000;
  const expected = [...noteTimes.values()].flat().sort((a, b) => a - b);
  const onsets = detectOnsets(buffer.getChannelData(0), SAMPLE_RATE, 0.02, 0.01);
  const r = compareOnsets(expected, onsets, 0.01);
  // Signed error against time: a clock that drifts shows as a slope.
  const signed: number[] = [];
  const times: number[] = [];
  let j = 0;
  for (const t of expected) {
    while (j + 1 < onsets.length && Math.abs(onsets[j + 1] - t) <= Math.abs(onsets[j] - t)) j++;
    if (onsets[j] !== undefined && Math.abs(onsets[j] - t) <= 0.01) {
      signed.push(onsets[j] - t);
      times.push(t);
    }
  }
  const driftMs = Math.abs(slope(times, signed) * seconds * 1000);
  const label = `${seconds / 60} min, ${LOOPS} loops, ${BPM} BPM, ${SAMPLE_RATE / 1000} kHz`;
  return [
    {
      id: 'synth.onset.maxMs',
      label: `Onset error max (${label}, ${r.errors.length} notes)`,
      value: round(r.maxS * 1000),
      unit: 'ms',
      goal: { op: '<=', value: 1, text: 'every note within 1 ms of its grid time' },
      better: 'lower',
    },
    {
      id: 'synth.onset.p99Ms',
      label: `Onset error p99 (${label})`,
      value: round(r.p99S * 1000),
      unit: 'ms',
      goal: { op: '<=', value: 1 },
      better: 'lower',
    },
    {
      id: 'synth.onset.driftMs',
      label: `Onset drift over the render (least-squares slope × ${seconds} s)`,
      value: round(driftMs, 4),
      unit: 'ms',
      goal: { op: '<=', value: 0.1, text: 'no drift' },
      better: 'lower',
    },
    {
      id: 'synth.onset.missingOrExtra',
      label: 'Notes missing or extra in the render',
      value: r.missing + r.extra,
      unit: 'notes',
      goal: { op: '<=', value: 0 },
      better: 'lower',
    },
    {
      id: 'synth.render.realtimeFactor',
      label: `Offline render speed in Node (${LOOPS} Tone voices, ${SAMPLE_RATE / 1000} kHz)`,
      value: round(seconds / renderS, 2),
      unit: '× real time',
      better: 'higher',
    },
  ];
}

async function chromiumFigures(ctx: BenchContext): Promise<BenchFigure[]> {
  if (!ctx.chromium) {
    ctx.progress('synth: no Chromium, main-thread CPU not measured');
    return [];
  }
  const build = await ensureBuild(ctx);
  if (!gameInBuild(build, 'synth')) return [];
  const server = await ensureServer(ctx);
  const browser = await launchBrowser(ctx);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.origin}/synth`);
    await page.getByRole('button', { name: 'Enable Audio' }).click();
    await page.getByRole('button', { name: 'Enable Audio' }).waitFor({ state: 'hidden' });
    const presets = ['Kick', 'Snare', 'Hat', 'Bass', 'Pluck', 'Pad', 'Bell', 'Keys'];
    for (const [i, name] of presets.entries()) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.getByRole('button', { name: `Step ${((i * 3 + 1) % 16) + 1}`, exact: true }).click();
      await page.getByRole('button', { name: 'Save Loop' }).click();
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as {
        metrics: { name: string; value: number }[];
      };
      return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    };
    const measure = async (ms: number) => {
      const a = await taskSeconds();
      const t = performance.now();
      await page.waitForTimeout(ms);
      return (((await taskSeconds()) - a) * 1000) / ((performance.now() - t) / 1000);
    };
    const ms = ctx.quick ? 3000 : 10_000;
    ctx.progress(`synth: main-thread CPU stopped, ${ms / 1000} s…`);
    await page.waitForTimeout(1000);
    const idle = await measure(ms);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForTimeout(2000);
    ctx.progress(`synth: main-thread CPU playing 8 loops, ${ms / 1000} s…`);
    const playing = await measure(ms);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    if (errors.length) ctx.progress(`synth: page errors: ${errors.join('; ')}`);
    return [
      {
        id: 'synth.chromium.mainThreadMsPerS',
        label: 'Main-thread CPU per second of playback (8 loops, Chromium)',
        value: round(playing, 2),
        unit: 'ms/s',
        baseline: {
          label: 'same page, stopped',
          value: round(idle, 2),
          ratio: round(playing / Math.max(idle, 0.001), 2),
          ratioLabel: '× stopped',
        },
        better: 'lower',
      },
    ];
  } finally {
    await browser.close();
  }
}

export const synthPart: BenchPart = {
  name: 'synth',
  description: 'Synth Loops: onset error and drift over a long offline render; main-thread CPU while playing',
  async run(ctx) {
    return [...(await onsetFigures(ctx)), ...(await chromiumFigures(ctx))];
  },
};

export default synthPart;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  try {
    const figures = await synthPart.run({
      quick,
      chromium: findChromium(),
      progress: (m) => console.error(m),
    });
    for (const f of figures)
      console.log(
        `${f.label.padEnd(80)} ${String(f.value).padStart(9)} ${f.unit}${f.baseline ? `  (stopped ${f.baseline.value} ${f.unit})` : ''}${f.goal ? `  goal ${f.goal.op} ${f.goal.value}` : ''}`,
      );
  } finally {
    await disposeSite();
  }
}
