/** Driving a game page in Chromium: scene steps, rAF timestamps, CPU throttling and JS heap readings over CDP. */
import type { CDPSession, Page } from 'playwright-core';
import type { SceneStep } from '../scenes.ts';
import { TRACE_CATEGORIES, type TraceEvent } from './trace.ts';

export async function runStep(page: Page, step: SceneStep): Promise<void> {
  if ('click' in step) {
    const target = page.locator(step.click).first();
    try {
      await target.click({ timeout: step.timeoutMs ?? 5000 });
    } catch (error) {
      if (!step.optional)
        throw new Error(
          `scene step "click ${step.click}" failed: ${(error as Error).message.split('\n')[0]}`,
        );
    }
  } else if ('tap' in step) {
    const at = await page.evaluate(
      ({ selector, text }) => {
        const pattern = text === undefined ? null : new RegExp(text, 'i');
        for (const element of Array.from(document.querySelectorAll(selector))) {
          if (pattern && !pattern.test(element.textContent?.trim() ?? '')) continue;
          const box = element.getBoundingClientRect();
          const inView = box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
          if (box.width > 0 && box.height > 0 && inView)
            return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        }
        return null;
      },
      { selector: step.tap, text: step.text },
    );
    if (at) await page.mouse.click(at.x, at.y);
  } else if ('press' in step) {
    await page.keyboard.press(step.press);
  } else if ('hold' in step) {
    await page.keyboard.down(step.hold);
    await page.waitForTimeout(step.ms);
    await page.keyboard.up(step.hold);
  } else if ('stroke' in step) {
    const { from, to } = step.stroke;
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
  } else if ('clickAt' in step) {
    await page.mouse.click(step.clickAt.x, step.clickAt.y);
  } else if ('drawCircle' in step) {
    const { cx, cy, r } = step.drawCircle;
    await page.mouse.move(cx + r, cy);
    await page.mouse.down();
    for (let i = 1; i <= 48; i++) {
      const angle = (i / 48) * Math.PI * 2;
      await page.mouse.move(cx + r * Math.cos(angle), cy + r * Math.sin(angle), { steps: 2 });
    }
    await page.mouse.up();
  } else {
    await page.waitForTimeout(step.waitMs);
  }
}

export async function runSteps(page: Page, steps: readonly SceneStep[]): Promise<void> {
  for (const step of steps) await runStep(page, step);
}

/** Repeats the scene's loop until stopped; an error ends the loop and is thrown by stop(). */
export function loopSteps(page: Page, steps: readonly SceneStep[] | undefined): { stop(): Promise<void> } {
  let running = true;
  let failure: unknown = null;
  const done = (async () => {
    if (!steps?.length) return;
    while (running) {
      for (const step of steps) {
        if (!running) return;
        await runStep(page, step);
      }
    }
  })().catch((error: unknown) => {
    failure = error;
  });
  return {
    async stop() {
      running = false;
      await done;
      if (failure) throw failure;
    },
  };
}

/*
 * Page scripts are strings, not functions: tsx compiles functions with a `__name` helper
 * that does not exist in the page.
 */
const START_FRAMES_SCRIPT = `(() => {
  window.__benchFrames = [];
  window.__benchFramesOn = true;
  const tick = (t) => {
    if (!window.__benchFramesOn) return;
    window.__benchFrames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_FRAMES_SCRIPT = `(() => {
  window.__benchFramesOn = false;
  return window.__benchFrames || [];
})()`;

/** Starts collecting requestAnimationFrame timestamps in the page (its own rAF loop, so it sees every frame the page gets). */
export async function startFrameRecording(page: Page): Promise<void> {
  await page.evaluate(START_FRAMES_SCRIPT);
}

export async function stopFrameRecording(page: Page): Promise<number[]> {
  return (await page.evaluate(STOP_FRAMES_SCRIPT)) as number[];
}

/** A trace being recorded over CDP (Tracing.start); stop() ends it and returns its events. */
export async function startTrace(
  cdp: CDPSession,
  categories: readonly string[] = TRACE_CATEGORIES,
): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const events: TraceEvent[] = [];
  const collect = (event: { value: unknown[] }) => events.push(...(event.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: [...categories] },
  });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      return events;
    },
  };
}

export async function setCpuThrottling(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * JS heap of a page and of its workers. Workers are reached through Target.setAutoAttach
 * (non-flat sessions, so messages go through Target.sendMessageToTarget on the page's session).
 */
export class HeapReader {
  private readonly workers = new Map<string, string>();
  private readonly pending = new Map<
    number,
    (message: { result?: unknown; error?: { message: string } }) => void
  >();
  private nextId = 1;

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(cdp: CDPSession): Promise<HeapReader> {
    const reader = new HeapReader(cdp);
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker') reader.workers.set(event.sessionId, event.targetInfo.url);
    });
    cdp.on('Target.detachedFromTarget', (event) => {
      if (event.sessionId) reader.workers.delete(event.sessionId);
    });
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id !== undefined) {
        reader.pending.get(message.id)?.(message);
        reader.pending.delete(message.id);
      }
    });
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    await cdp.send('Performance.enable');
    return reader;
  }

  get workerCount(): number {
    return this.workers.size;
  }

  private async sendToWorker<T>(sessionId: string, method: string): Promise<T> {
    const id = this.nextId++;
    const answer = new Promise<{ result?: unknown; error?: { message: string } }>((resolve, reject) => {
      this.pending.set(id, resolve);
      setTimeout(() => {
        if (this.pending.delete(id)) reject(new Error(`${method} on a worker timed out`));
      }, 10_000);
    });
    await this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    const message = await answer;
    if (message.error) throw new Error(`${method} on a worker: ${message.error.message}`);
    return message.result as T;
  }

  /** Collects garbage everywhere, then reads used JS heap in bytes: the page's and the sum of its workers'. */
  async read(): Promise<{ pageBytes: number; workerBytes: number; workers: number }> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    const sessions = [...this.workers.keys()];
    let workerBytes = 0;
    let workers = 0;
    for (const sessionId of sessions) {
      try {
        await this.sendToWorker(sessionId, 'HeapProfiler.collectGarbage');
        const usage = await this.sendToWorker<{ usedSize: number }>(sessionId, 'Runtime.getHeapUsage');
        workerBytes += usage.usedSize;
        workers++;
      } catch {
        // The worker ended between listing and asking: it holds no heap any more.
      }
    }
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const pageBytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    return { pageBytes, workerBytes, workers };
  }
}
