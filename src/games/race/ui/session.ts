import { reportUnlessStopped, startGameWorkers, wireSnapshots } from '../../../lib/runtime/GameWorkers.ts';
import type { SceneMount } from '../../../lib/runtime/SceneMount.ts';
import { type WorkerBridge, WorkerStoppedError } from '../../../lib/runtime/WorkerBridge.ts';
import { BRUSH_MAX, BRUSH_MIN, BRUSH_STEP, MOBILE_NOTICE_MS } from '../engine/constants.ts';
import type { Phase } from '../engine/race.ts';
import { SHARE_ID_PREFIX } from '../engine/shareCodec.ts';
import type { RaceSnapshot, TrackView } from '../engine/snapshot.ts';
import type { Point } from '../engine/track.ts';
import type { RacePhysicsApi } from '../host/RaceHost.ts';
import { RaceCamera } from '../scene/camera.ts';
import type { RaceSceneHud, RaceSceneInput } from '../scene/RaceScene.ts';
import { hudPatch } from './hudPatch.ts';
import { PointerGestures } from './pointerGestures.ts';
import { fetchSharedTrack, shareLink, storeTrack, trackLink } from './sharing.ts';
import { RaceSound } from './sound.ts';
import { initialRaceUiState, showMessage, useRaceSettings, useRaceStore } from './store.ts';
import { RACE_WORKERS } from './workers.ts';

const RANK_MS = 250;
const DEBUG_MS = 250;

/** Mobile (games spec §9): width below 768 or height below 600. */
export const isMobileViewport = (width: number, height: number) => width < 768 || height < 600;

/** The track as the page keeps it: what the engine is given again after its worker restarts. */
interface KeptTrack {
  points: Point[];
  brush: number;
  width: number;
  height: number;
}

/**
 * The page's side of the race: owns the physics worker (engine host) through the runtime's
 * bridge and the scene's mount (its render worker, or the page's thread with
 * `?render=main`), and the sounds; turns pointer strokes into a track and pinches into zoom
 * (pointerGestures.ts; the camera, which the scene gets as data); mirrors phase, countdown,
 * ranking and results from the scene's HUD into the UI store (hudPatch.ts; the ranking at
 * most 4 times a second); keeps what it needs to start a stopped worker again (seed, track,
 * cars); and shares tracks through the tracks API (sharing.ts). React calls its methods;
 * nothing per frame goes through React.
 */
export class RaceSession {
  private readonly physics: WorkerBridge<RacePhysicsApi>;
  private readonly mount: SceneMount<RaceSnapshot, RaceSceneInput, RaceSceneHud, Float32Array>;
  /** The view the page turns pointer points with; the scene draws with the same numbers. */
  private readonly camera = new RaceCamera();
  private readonly sound = new RaceSound();
  private disposed = false;
  /** Aborted on dispose: ends the stage's pointer listeners (a new session may take the same stage). */
  private readonly listening = new AbortController();
  private rankAt = 0;
  /** The phase the last HUD showed (results are taken when it turns to finished). */
  private lastPhase: Phase | null = null;
  private fps = 0;
  private debugTimer: ReturnType<typeof setInterval> | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private mobileTimer: ReturnType<typeof setTimeout> | null = null;
  /** The world's size: the stage's while no track is drawn, then fixed with the track. */
  private worldW = 1;
  private worldH = 1;
  /**
   * The world is the track's from the moment one starts being built (a stroke lifted, a
   * shared track fetched) until it is cleared or fails to build. A resize meanwhile must not
   * refit it to the stage: the store says `finalized` only once the worker has built the
   * track, and a shared track refitted in that window was drawn off screen.
   */
  private worldHeld = false;
  /** Strokes, pinches and pans on the stage. */
  private readonly gestures: PointerGestures;
  /** The checkpoint: the race's seed, the track and how many cars are on it. */
  private seed = 1;
  private kept: KeptTrack | null = null;
  private carCount = 0;
  private trackView: TrackView | null = null;
  private racingLineMs = 0;
  private debugOn = false;

  /**
   * `stage` hears the gestures and gives the world its size; the canvas goes in `canvasBox`,
   * a box over it whose layout is its own (the canvas's size changes lay out that box alone).
   */
  constructor(
    private readonly stage: HTMLElement,
    canvasBox: HTMLElement,
  ) {
    ({ physics: this.physics, mount: this.mount } = startGameWorkers(RACE_WORKERS, {
      container: canvasBox,
      stage,
      size: () => this.stageSize(),
      onHud: this.onHud,
      onError: this.onError,
    }));
    this.gestures = new PointerGestures({
      stage,
      canvas: () => this.mount.canvas,
      camera: this.camera,
      moveCamera: (change) => this.moveCamera(change),
      sceneInput: (input) => this.sceneInput(input),
      strokeDone: (points) => {
        this.worldHeld = true;
        this.task(this.finalize(points, useRaceStore.getState().brush, this.worldW, this.worldH));
      },
    });
  }

  async start(sharedId: string | null): Promise<void> {
    try {
      await this.startRunning(sharedId);
    } catch (error) {
      // Closed while starting (the page left): its refused calls are not a failure to show.
      if (!this.disposed) throw error;
    }
  }

  private async startRunning(sharedId: string | null): Promise<void> {
    useRaceStore.setState({ ...initialRaceUiState, totalLaps: useRaceSettings.getState().laps });
    const seed = Number(new URLSearchParams(window.location.search).get('seed'));
    this.seed = Number.isFinite(seed) && seed > 0 ? seed : (Math.random() * 2 ** 31) >>> 0;
    await this.physics.call('reseed', this.seed);
    await this.physics.call('setLaps', useRaceSettings.getState().laps);
    await this.mount.start();
    if (this.disposed) return;
    const { width, height } = this.stageSize();
    this.camera.setViewport(width, height);
    this.setWorld(width, height);
    wireSnapshots(this.physics, this.mount);
    this.gestures.bind(this.listening.signal);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.resizeObserver.observe(this.stage);
    useRaceStore.setState({ ready: true });
    if (sharedId) await this.openShared(sharedId);
  }

  dispose(): void {
    this.disposed = true;
    this.listening.abort();
    if (this.debugTimer) clearInterval(this.debugTimer);
    if (this.mobileTimer) clearTimeout(this.mobileTimer);
    this.resizeObserver?.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.sound.dispose();
    this.physics.dispose();
    this.mount.dispose();
  }

  private stageSize(): { width: number; height: number } {
    return { width: Math.max(1, this.stage.clientWidth), height: Math.max(1, this.stage.clientHeight) };
  }

  private sceneInput(input: RaceSceneInput): void {
    this.mount.input(input);
  }

  /** The world's size (px): the stage's while no track is drawn, then fixed with the track. */
  private setWorld(width: number, height: number): void {
    this.worldW = width;
    this.worldH = height;
    this.camera.setWorld(width, height);
    this.sceneInput({ type: 'world', width, height });
  }

  private moveCamera(change: (camera: RaceCamera) => void): void {
    change(this.camera);
    this.sceneInput({ type: 'camera', view: this.camera.view });
  }

  private onResize(): void {
    const { width, height } = this.stageSize();
    this.camera.setViewport(width, height);
    if (!this.worldHeld && !this.gestures.drawing) this.setWorld(width, height);
  }

  private readonly onVisibility = (): void => {
    const visible = document.visibilityState !== 'hidden';
    this.physics.send('setVisible', visible);
    if (!visible) this.sound.engines(false);
  };

  /** Any click on the page's controls: browsers start audio only after a gesture. */
  unlockSound(): void {
    this.sound.unlock();
  }

  // ------------------------------------------------------------ workers

  private readonly onError = (error: Error): void => {
    if (this.disposed) return;
    if (error instanceof WorkerStoppedError) {
      this.sound.engines(false);
      useRaceStore.setState({ stopped: error.message });
    } else showMessage(`Something went wrong: ${error.message}`);
  };

  /** For commands whose answer the page uses: a stopped worker has reported itself already. */
  private readonly onCommandError = reportUnlessStopped((error) => this.onError(error));

  /** Runs a command's work; a failure is reported like any command's (never dropped). */
  private task(work: Promise<unknown>): void {
    work.catch(this.onCommandError);
  }

  /**
   * The Restart of the "stopped working" message: a fresh worker for whichever stopped. The
   * engine gets the kept seed, laps, track and cars again (a race under way goes back to the
   * grid); the scene gets the page's view, track and choices again.
   */
  restart(): void {
    this.task(this.restartWorkers());
  }

  private async restartWorkers(): Promise<void> {
    useRaceStore.setState({ stopped: null });
    if (this.physics.stopped) {
      this.physics.restart();
      await this.physics.call('reseed', this.seed);
      await this.physics.call('setLaps', useRaceSettings.getState().laps);
      const kept = this.kept;
      if (kept) {
        const made = await this.physics.call('setTrack', kept.points, kept.brush, kept.width, kept.height);
        if (made.ok && made.track) this.trackView = made.track;
        for (let i = 0; i < this.carCount; i++) await this.physics.call('addCar');
      }
      this.physics.send('setVisible', document.visibilityState !== 'hidden');
    }
    if (this.mount.stopped) {
      await this.mount.restart();
      this.camera.setWorld(this.worldW, this.worldH);
      this.sceneInput({ type: 'world', width: this.worldW, height: this.worldH });
    }
    // The scene (new, or the same one after the engine's restart) gets the view and track again.
    this.sceneInput({ type: 'camera', view: this.camera.view });
    this.sceneInput({ type: 'track', track: this.trackView });
    this.sceneInput({ type: 'select', id: useRaceStore.getState().selectedId });
    this.sceneInput({ type: 'debug', on: this.debugOn });
    wireSnapshots(this.physics, this.mount);
  }

  // ------------------------------------------------------------ the HUD

  /** The scene's HUD (at most 10 times a second): the race's state into the store, events into sounds. */
  private readonly onHud = (hud: RaceSceneHud): void => {
    if (this.disposed) return;
    this.fps = hud.fps;
    // Not React state: only the end-to-end tests read it, to know the shared track is on screen.
    this.stage.dataset.trackDrawn = hud.trackDrawn ? 'true' : 'false';
    const state = useRaceStore.getState();
    const now = performance.now();
    if (hud.events.length) this.sound.events(hud.events, state.selectedId, now);
    const race = hud.race;
    if (!race) return;
    this.sound.engines(race.phase === 'running');
    // The ranking while racing a few times a second; otherwise every time.
    const rankingDue = now - this.rankAt >= RANK_MS || race.phase !== 'running' || hud.events.length > 0;
    if (rankingDue) this.rankAt = now;
    const patch = hudPatch(race, state, this.lastPhase, rankingDue);
    this.lastPhase = race.phase;
    if (patch.selectedId !== undefined) this.sceneInput({ type: 'select', id: patch.selectedId });
    if (Object.keys(patch).length) useRaceStore.setState(patch);
  };

  // ------------------------------------------------------------ commands

  closeIntro(): void {
    this.unlockSound();
    useRaceStore.setState({ introOpen: false });
  }

  changeBrush(direction: -1 | 1): void {
    const { brush, finalized } = useRaceStore.getState();
    if (finalized) return;
    const next = Math.min(BRUSH_MAX, Math.max(BRUSH_MIN, brush + direction * BRUSH_STEP));
    if (next !== brush) useRaceStore.setState({ brush: next });
  }

  addCar(): void {
    this.unlockSound();
    this.task(this.addCarNow());
  }

  private async addCarNow(): Promise<void> {
    const result = await this.physics.call('addCar');
    if (!result.ok) {
      showMessage(result.message);
      return;
    }
    this.carCount++;
    if (result.carId !== undefined && useRaceStore.getState().selectedId === null) this.select(result.carId);
  }

  select(id: number): void {
    useRaceStore.setState({ selectedId: id });
    this.sceneInput({ type: 'select', id });
  }

  /** Previous (−1) or next (+1) car as the player's. */
  cycleCar(direction: -1 | 1): void {
    const { cars, selectedId } = useRaceStore.getState();
    if (cars.length === 0) return;
    const at = Math.max(
      0,
      cars.findIndex((c) => c.id === selectedId),
    );
    this.select(cars[(at + direction + cars.length) % cars.length].id);
  }

  startRace(): void {
    this.unlockSound();
    this.task(
      this.physics.call('start').then((started) => {
        if (!started) showMessage('Draw a track and add at least one car first');
      }),
    );
  }

  reset(): void {
    this.physics.send('reset');
  }

  clearTrack(): void {
    this.task(this.clearTrackNow());
  }

  private async clearTrackNow(): Promise<void> {
    await this.physics.call('clearTrack');
    this.kept = null;
    this.carCount = 0;
    this.trackView = null;
    this.sceneInput({ type: 'track', track: null });
    this.moveCamera((camera) => camera.reset());
    this.worldHeld = false;
    const { width, height } = this.stageSize();
    this.setWorld(width, height);
    if (this.mobileTimer) clearTimeout(this.mobileTimer);
    this.mobileTimer = null;
    useRaceStore.setState({
      mobileNotice: false,
      finalized: false,
      selectedId: null,
      trackId: null,
      shareUrl: null,
      results: null,
      endReason: null,
    });
  }

  setLaps(laps: number): void {
    this.task(
      this.physics.call('setLaps', laps).then((value) => {
        useRaceSettings.getState().setLaps(value);
        useRaceStore.setState({ totalLaps: value });
      }),
    );
  }

  setDebug(on: boolean): void {
    this.debugOn = on;
    useRaceStore.setState({ debug: on });
    this.sceneInput({ type: 'debug', on });
    if (this.debugTimer) clearInterval(this.debugTimer);
    this.debugTimer = null;
    if (!on) return;
    this.debugTimer = setInterval(() => {
      if (this.physics.stopped) return;
      this.physics.call('debugCars').then((cars) => {
        useRaceStore.setState({
          debugInfo: { fps: Math.round(this.fps), racingLineMs: this.racingLineMs, cars },
        });
      }, this.onCommandError);
    }, DEBUG_MS);
  }

  /** Saves a PNG of what the stage shows, made by the scene wherever it draws. */
  screenshot(): void {
    this.mount.capture().then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        const a = document.createElement('a');
        a.href = url;
        a.download = 'draw-and-race.png';
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
      (error: unknown) => {
        console.warn('The screenshot failed', error);
        showMessage('Could not take a screenshot');
      },
    );
  }

  // ------------------------------------------------------------ the track

  /** The end of the stroke: the track is built in the worker (racing line included) and locked. */
  private async finalize(points: Point[], brush: number, width: number, height: number): Promise<boolean> {
    let result: Awaited<ReturnType<RacePhysicsApi['setTrack']>>;
    try {
      result = await this.physics.call('setTrack', points, brush, width, height);
    } catch (error) {
      this.worldHeld = false;
      throw error;
    } finally {
      this.sceneInput({ type: 'strokeEnd' });
    }
    if (!result.ok || !result.track) {
      this.worldHeld = false;
      if (result.ok === false && points.length > 1) showMessage(result.message);
      return false;
    }
    this.kept = { points, brush, width, height };
    this.carCount = 0;
    this.trackView = result.track;
    this.racingLineMs = result.track.racingLineMs;
    this.sceneInput({ type: 'track', track: result.track });
    useRaceStore.setState({ finalized: true, brush, introOpen: false });
    this.showMobileNotice();
    return true;
  }

  /**
   * On a phone, once a track is there to look at (drawn or loaded from a link): 'Track
   * optimized for mobile viewing. Pinch to zoom for more detail.' for 5 s. Not over the
   * empty lawn a visit opens on (games spec §8 places it beside shared-track loading).
   */
  private showMobileNotice(): void {
    if (!isMobileViewport(window.innerWidth, window.innerHeight)) return;
    if (this.mobileTimer) clearTimeout(this.mobileTimer);
    useRaceStore.setState({ mobileNotice: true });
    this.mobileTimer = setTimeout(() => {
      this.mobileTimer = null;
      useRaceStore.setState({ mobileNotice: false });
    }, MOBILE_NOTICE_MS);
  }

  // ------------------------------------------------------------ sharing

  /**
   * Stores the track (v3 payload) and shares 'db_' + hash as `?track=` on this page's
   * address: the native share sheet, else the clipboard, else the console.
   */
  share(): void {
    this.task(this.shareNow());
  }

  private async shareNow(): Promise<void> {
    const points = this.kept?.points;
    const state = useRaceStore.getState();
    if (!points || !state.finalized || state.sharing) return;
    useRaceStore.setState({ sharing: true });
    try {
      const id = await storeTrack(points, state.brush, this.worldW, this.worldH);
      const link = trackLink(window.location.href, id);
      useRaceStore.setState({ trackId: id, shareUrl: link, shareOpen: true });
      await shareLink(link);
    } catch (error) {
      console.warn('Sharing the track failed', error);
      showMessage('Could not share the track - try again');
    } finally {
      useRaceStore.setState({ sharing: false });
    }
  }

  /**
   * Opens `?track=` (a 'db_' id from the server, or a legacy base64 id); on failure the page
   * stays ready to draw. Never rejects: a failure is reported like any command's.
   */
  async openShared(id: string): Promise<boolean> {
    try {
      return await this.openSharedNow(id);
    } catch (error) {
      this.onCommandError(error);
      return false;
    }
  }

  private async openSharedNow(id: string): Promise<boolean> {
    const decoded = await fetchSharedTrack(id);
    if (!decoded || this.disposed) return false;
    if (useRaceStore.getState().finalized) await this.clearTrackNow();
    await this.physics.call('reset');
    this.worldHeld = true;
    this.setWorld(decoded.width, decoded.height);
    useRaceStore.setState({ brush: decoded.brush });
    const ok = await this.finalize(decoded.points, decoded.brush, decoded.width, decoded.height);
    if (!ok) {
      console.info(`Shared track ${id} could not be built`);
      await this.clearTrackNow();
      return false;
    }
    useRaceStore.setState({ trackId: id.startsWith(SHARE_ID_PREFIX) ? id : null, introOpen: false });
    showMessage('Track loaded: add cars and press Start!');
    return true;
  }
}
