import { useEffect, useLayoutEffect, useRef } from 'react';
import { writeFittedText } from '../../../lib/domText.ts';
import { StoppedNotice } from '../../../lib/runtime/StoppedNotice.tsx';
import { couldNotStart, useGameSession } from '../../../lib/runtime/useGameSession.ts';
import { WorkerStoppedError } from '../../../lib/runtime/WorkerBridge.ts';
import { useFields } from '../../../lib/useFields.ts';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { LiveStatus } from '../../../platform/ui/LiveStatus.tsx';
import { KIND_STAR } from '../engine/bodyTypes.ts';
import { CANVAS_MAX_WIDTH, MOBILE_BREAKPOINT } from '../engine/constants.ts';
import { GALAXY_PRESET_ID } from '../engine/galaxy.ts';
import { Controls } from './Controls.tsx';
import { DetailsPanel } from './DetailsPanel.tsx';
import { GravitySession } from './session.ts';
import { gravityHud, initialGravityUiState, selectedMotion, useGravityStore } from './store.ts';
import './gravity.css';

/** The share code in the address: `#s=<code>`. */
export const SHARE_PREFIX = '#s=';

function readAddress(): { shared: string | null; presetId: string | null } {
  const hash = window.location.hash;
  return {
    shared: hash.startsWith(SHARE_PREFIX) ? hash.slice(SHARE_PREFIX.length) : null,
    presetId: new URLSearchParams(window.location.search).get('preset'),
  };
}

/**
 * Canvas size for the stage: at most 1000 wide; phones get a tall canvas above the controls.
 * The stage takes that height: the canvas lies in a positioned box over it, which does not
 * size it (so that the canvas's own size changes lay out that box alone).
 */
function sizeStage(stage: HTMLElement): { width: number; height: number } {
  const width = Math.min(stage.clientWidth || window.innerWidth, CANVAS_MAX_WIDTH);
  const mobile = window.innerWidth < MOBILE_BREAKPOINT;
  const height = mobile
    ? Math.round(Math.min(window.innerHeight * 0.6, width * 1.3))
    : Math.round(Math.min(Math.max(window.innerHeight - 110, 420), 780));
  const px = `${height}px`;
  if (stage.style.height !== px) stage.style.height = px;
  return { width, height };
}

/**
 * One formatter for the count: `toLocaleString('en-US')` sets up a new ICU formatter each
 * call (0.2 ms at 4× CPU, and the count renders in two places several times a second).
 */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** "1 body", "9 bodies", "100,000 bodies": the Galaxy's count is unreadable without separators. */
function bodiesText(count: number): string {
  return `${COUNT_FORMAT.format(count)} ${count === 1 ? 'body' : 'bodies'}`;
}

/** What the canvas shows, for screen readers: bodies, running or paused, the selected body. */
function GravityAnnouncer() {
  const count = useGravityStore((s) => s.bodyCount);
  const running = useGravityStore((s) => s.running);
  const selected = useGravityStore((s) =>
    s.selected ? `${s.selected.kind === KIND_STAR ? 'Star' : 'Planet'} #${s.selected.id}` : null,
  );
  const text = `${bodiesText(count)}, ${running ? 'running' : 'paused'}.${selected ? ` Selected: ${selected}.` : ''}`;
  return <LiveStatus text={text} testId="gravity-live" />;
}

/**
 * The header's body count: merges change it several times a second, so it is written into
 * its text node from the HUD's subscription, not rendered through React.
 */
function BodyCount() {
  const text = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    writeFittedText(text.current, bodiesText(gravityHud.getState().bodies));
    return gravityHud.subscribe(({ bodies }) => writeFittedText(text.current, bodiesText(bodies)));
  }, []);
  // The header lays its items out as flex items: the readout box sits inside one (global.css).
  return (
    <span className="gravity-hud" aria-live="off">
      <span data-readout="fit" ref={text} />
    </span>
  );
}

export function GravityPage() {
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const { notice, shareUrl, presetId, ready, stopped } = useFields(useGravityStore, [
    'notice',
    'shareUrl',
    'presetId',
    'ready',
    'stopped',
  ]);
  const session = useGameSession({
    game: 'Gravity Simulator',
    create: (signal) => {
      const stage = stageRef.current!;
      const canvasBox = canvasBoxRef.current!;
      useGravityStore.setState({ ...initialGravityUiState });
      gravityHud.setState({ bodies: 0 });
      selectedMotion.setState({ motion: null });
      const created = new GravitySession(stage, canvasBox, () => sizeStage(stage));
      // A share link pasted into the address of an open page changes only the fragment.
      const onHashChange = () => {
        const address = readAddress();
        if (address.shared === null) return;
        created.open(address).then(
          (notice) => useGravityStore.setState({ notice }),
          // A stopped worker shows its own message (with Restart); anything else is said here.
          (error: unknown) => {
            if (error instanceof WorkerStoppedError) return;
            useGravityStore.setState({ notice: 'That share link could not be opened.' });
          },
        );
      };
      window.addEventListener('hashchange', onHashChange, { signal });
      return created;
    },
    start: (created) => created.start(readAddress()),
    failed: () => useGravityStore.setState({ notice: couldNotStart('The simulation') }),
  });

  // A preset in the address (`?preset=id`) so a reload or a link opens it again.
  useEffect(() => {
    if (!ready || !presetId) return;
    // `render=main` (drawing on the page's thread) stays, so a reload keeps it.
    const render = new URLSearchParams(window.location.search).get('render');
    const url = `${window.location.pathname}?preset=${encodeURIComponent(presetId)}${render ? `&render=${encodeURIComponent(render)}` : ''}`;
    if (url !== window.location.pathname + window.location.search || window.location.hash) {
      window.history.replaceState(window.history.state, '', url);
    }
  }, [presetId, ready]);

  async function share() {
    if (!session) return;
    let url: string;
    if (presetId === GALAXY_PRESET_ID) {
      // The Galaxy's 100,000 stars do not fit a link: it shares as its preset, from the start.
      url = window.location.href;
      useGravityStore.setState({ shareUrl: url });
    } else {
      let code: string;
      try {
        code = await session.shareCode();
      } catch (error) {
        // A stopped worker shows its own message (with Restart).
        if (!(error instanceof WorkerStoppedError))
          useGravityStore.setState({ notice: 'The scene could not be shared.' });
        return;
      }
      const path = `${window.location.pathname}${SHARE_PREFIX}${code}`;
      window.history.replaceState(window.history.state, '', path);
      url = `${window.location.origin}${path}`;
      useGravityStore.setState({ presetId: '', shareUrl: url });
    }
    try {
      if (window.matchMedia?.('(pointer: coarse)').matches && navigator.share) {
        await navigator.share({ title: 'Gravity Simulator', url });
        return;
      }
      await navigator.clipboard.writeText(url);
      useGravityStore.setState({ notice: 'Link copied: it reopens this scene.' });
    } catch {
      useGravityStore.setState({ notice: 'The address now holds this scene: copy it from the box below.' });
    }
  }

  return (
    <div className="gravity-page">
      <GameHeader title="Gravity Simulator">
        <BodyCount />
      </GameHeader>
      {notice && (
        <div className="gravity-notice" role="status">
          <span>{notice}</span>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => useGravityStore.setState({ notice: null })}
          >
            ×
          </button>
        </div>
      )}
      {stopped && session && (
        <StoppedNotice
          className="gravity-notice"
          message={stopped}
          onRestart={() =>
            session.restart().catch((error: unknown) => {
              console.warn('Gravity Simulator could not restart', error);
              useGravityStore.setState({ stopped: 'The simulation could not restart: reload the page.' });
            })
          }
        />
      )}
      <main className="gravity-layout">
        <div className="gravity-stage" ref={stageRef} data-testid="gravity-stage">
          <div className="scene-box" ref={canvasBoxRef} />
        </div>
        <aside className="gravity-side">
          <Controls session={session} onShare={() => void share()} />
          {shareUrl && (
            <label className="gravity-field gravity-field--wide gravity-share">
              <span>Share link</span>
              <input readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
            </label>
          )}
          {/* No single star of the Galaxy is picked, so there are no details to show. */}
          {presetId !== GALAXY_PRESET_ID && <DetailsPanel session={session} />}
        </aside>
        <GravityAnnouncer />
      </main>
    </div>
  );
}
