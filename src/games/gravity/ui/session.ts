import { reportUnlessStopped, startGameWorkers, wireSnapshots } from '../../../lib/runtime/GameWorkers.ts';
import { markInput } from '../../../lib/runtime/inputMarks.ts';
import type { SceneMount } from '../../../lib/runtime/SceneMount.ts';
import { type WorkerBridge, WorkerStoppedError } from '../../../lib/runtime/WorkerBridge.ts';
import { CANVAS_MAX_WIDTH } from '../engine/constants.ts';
import { GALAXY_PRESET_ID } from '../engine/galaxy.ts';
import { DEFAULT_PRESET_ID, findPreset, type ScenarioSettings } from '../engine/presets.ts';
import type { Snapshot, SnapshotBuffers } from '../engine/snapshot.ts';
import type { Body } from '../engine/world.ts';
import type { BodyPatch, GravityPhysicsApi } from '../host/GravityHost.ts';
import {
  type Camera,
  clampZoom,
  panBy,
  type ScreenPoint,
  screenPoint,
  screenToWorld,
  type WorldPoint,
  zoomAt,
} from '../scene/camera.ts';
import type { GravitySceneInput } from '../scene/GravityScene.ts';
import { GRAVITY_HUD_MS, type GravityHud } from '../scene/hud.ts';
import { type GestureAction, GestureRecognizer } from './gestures.ts';
import { detailsChanged, gravityHud, selectedMotion, useGravityStore } from './store.ts';
import { GRAVITY_WORKERS } from './workers.ts';

/** Least time between two body counts given to the store (the live region announces at most once a second). */
const ANNOUNCED_COUNT_MS = 1000;
/** How often the page keeps the scene (as a share code) to restart a stopped engine from. */
const CHECKPOINT_MS = 1000;
/** The canvas size (shorter side) scenario zooms are designed for. */
const FIT_SIZE = 760;
const PICK_SLOP_PX = 12;

/** The presets of the list, and the Galaxy (run by the tree method, not a scenario). */
const isPreset = (id: string) => id === GALAXY_PRESET_ID || findPreset(id) !== undefined;

/** Where the page starts: a share link's scenario, or a preset. */
export interface StartRequest {
  shared: string | null;
  presetId: string | null;
}

/** What the page keeps to start a stopped engine again from: the scene as a share code, or the Galaxy's preset. */
type Checkpoint = { shared: string } | { presetId: string };

/**
 * The page's side of the simulation: owns the physics worker (engine host) through the
 * runtime's bridge, the scene's mount (its render worker, or the page's thread with
 * `?render=main`), the camera and the canvas gestures, and mirrors throttled readouts into
 * the UI store. React components call its methods; nothing here re-renders.
 */
export class GravitySession {
  private readonly physics: WorkerBridge<GravityPhysicsApi>;
  private readonly mount: SceneMount<Snapshot, GravitySceneInput, GravityHud, SnapshotBuffers>;
  private camera: Camera = { x: 0, y: 0, zoom: 1 };
  private readoutTimer: ReturnType<typeof setInterval> | null = null;
  private checkpointTimer: ReturnType<typeof setInterval> | null = null;
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  private gestures = new GestureRecognizer();
  /** Pointer events in order: a press waits for the engine's hit test, and what follows waits for it. */
  private pointerQueue: Promise<void> = Promise.resolve();
  private checkpoint: Checkpoint | null = null;
  private disposed = false;
  private dragging: number | null = null;
  /** Bodies added from the controls so far: spreads them round the view. */
  private addedFromControls = 0;
  /** When the store last took the body count (performance.now()). */
  private countStoredAt = Number.NEGATIVE_INFINITY;

  /**
   * `stage` hears the pointers and carries the simulation's state for tests; the canvas goes
   * in `canvasBox`, a box over it whose layout is its own (the canvas's size changes lay out
   * that box alone), at `size`.
   */
  constructor(
    private readonly stage: HTMLElement,
    canvasBox: HTMLElement,
    private size: () => { width: number; height: number },
  ) {
    ({ physics: this.physics, mount: this.mount } = startGameWorkers(GRAVITY_WORKERS, {
      container: canvasBox,
      stage,
      size,
      onHud: this.onHud,
      onError: this.onError,
    }));
  }

  async start(request: StartRequest): Promise<void> {
    try {
      await this.startRunning(request);
    } catch (error) {
      // Closed while starting (the page left): its refused calls are not a failure to show.
      if (!this.disposed) throw error;
    }
  }

  private async startRunning(request: StartRequest): Promise<void> {
    await this.mount.start();
    if (this.disposed) return;
    wireSnapshots(this.physics, this.mount);
    this.bindInput();
    document.addEventListener('visibilitychange', this.onVisibility);
    const notice = await this.open(request);
    useGravityStore.setState({ ready: true, notice });
    this.readoutTimer = setInterval(this.readout, GRAVITY_HUD_MS);
    this.checkpointTimer = setInterval(() => void this.keepCheckpoint(), CHECKPOINT_MS);
  }

  /**
   * Loads what the address asks for: a share link's scene, else a preset. A malformed link
   * or unknown preset falls back to the Solar System and says so. Returns that notice.
   */
  async open(request: StartRequest): Promise<string | null> {
    let settings: ScenarioSettings | null = null;
    let notice: string | null = null;
    let presetId = request.presetId ?? DEFAULT_PRESET_ID;
    if (request.shared !== null) {
      settings = await this.physics.call('loadShared', request.shared);
      if (!settings) notice = 'That share link could not be read, so here is the Solar System instead.';
      else presetId = '';
    }
    if (!settings) {
      if (request.presetId !== null && !isPreset(request.presetId)) {
        notice = `There is no preset called “${request.presetId}”, so here is the Solar System.`;
      }
      if (!isPreset(presetId)) presetId = DEFAULT_PRESET_ID;
      settings = await this.physics.call('loadPreset', presetId);
    }
    this.applyScenarioSettings(settings!, presetId);
    await this.keepCheckpoint();
    return notice;
  }

  // ---- workers ---------------------------------------------------------------------------

  private readonly onError = (error: Error): void => {
    if (this.disposed) return;
    if (error instanceof WorkerStoppedError) useGravityStore.setState({ stopped: error.message });
    else useGravityStore.setState({ notice: `Something went wrong: ${error.message}` });
  };

  /** For commands whose answer the page uses: a stopped worker has reported itself already. */
  private readonly onCommandError = reportUnlessStopped((error) => this.onError(error));

  private async keepCheckpoint(): Promise<void> {
    if (this.physics.stopped) return;
    const presetId = useGravityStore.getState().presetId;
    try {
      this.checkpoint =
        presetId === GALAXY_PRESET_ID
          ? { presetId }
          : { shared: await this.physics.call('share', this.camera.zoom) };
    } catch (error) {
      this.onCommandError(error);
    }
  }

  /**
   * The Restart of the "stopped working" message: a fresh worker for whichever stopped, the
   * engine loaded with the last scene the page kept, the scene given the page's view again.
   */
  async restart(): Promise<void> {
    useGravityStore.setState({ stopped: null });
    if (this.physics.stopped) {
      this.physics.restart();
      const checkpoint = this.checkpoint ?? { presetId: DEFAULT_PRESET_ID };
      const settings =
        'shared' in checkpoint
          ? await this.physics.call('loadShared', checkpoint.shared)
          : await this.physics.call('loadPreset', checkpoint.presetId);
      if (!settings) throw new Error('the kept scene could not be loaded');
      const { running, gravity, timeSpeed, starGravity, trails, pathTrails } = useGravityStore.getState();
      this.physics.send('setSettings', { running, gravity, timeSpeed, starGravity, trails, pathTrails });
      this.select(null);
    }
    if (this.mount.stopped) {
      await this.mount.restart();
      const { selectedId, trails, pathTrails } = useGravityStore.getState();
      this.mount.input({ type: 'camera', camera: this.camera });
      this.mount.input({ type: 'select', id: selectedId });
      this.mount.input({ type: 'trails', visible: trails });
      this.mount.input({ type: 'pathTrails', visible: pathTrails });
    }
    this.physics.send('setVisible', document.visibilityState !== 'hidden');
    wireSnapshots(this.physics, this.mount);
  }

  // ---- readouts --------------------------------------------------------------------------

  private readonly onHud = (hud: GravityHud): void => {
    // The scene posts its HUD only as often as the readouts refresh (GRAVITY_HUD_MS). The
    // header's count is written by its own subscription (no React render); the store (and so
    // React and the live region) takes a changed count at most once a second: merges change
    // it several times a second, each a render of the announcer.
    if (gravityHud.getState().bodies !== hud.bodies) gravityHud.setState({ bodies: hud.bodies });
    const now = performance.now();
    if (
      useGravityStore.getState().bodyCount !== hud.bodies &&
      now - this.countStoredAt >= ANNOUNCED_COUNT_MS
    ) {
      this.countStoredAt = now;
      useGravityStore.setState({ bodyCount: hud.bodies });
    }
    // Read-only hooks for the end-to-end tests: counts and a digest of where bodies are.
    const data = this.stage.dataset;
    const bodies = String(hud.bodies);
    const step = String(hud.step);
    const motion = hud.motion.toFixed(2);
    if (data.bodyCount !== bodies) data.bodyCount = bodies;
    if (data.simStep !== step) data.simStep = step;
    if (data.motion !== motion) data.motion = motion;
  };

  /** The selected body's figures, twice a second. */
  private readonly readout = (): void => {
    const id = useGravityStore.getState().selectedId;
    if (id === null || this.physics.stopped) return;
    this.physics.call('getBody', id).then((body) => {
      if (useGravityStore.getState().selectedId !== id) return;
      if (body) this.showSelected(body);
      else useGravityStore.setState({ selected: null, selectedId: null });
    }, this.onCommandError);
  };

  /**
   * The selected body's figures: the store (and so React) hears only of a change to what the
   * panel renders; where it is and how fast it moves go to `selectedMotion`, which the panel
   * writes into the page itself.
   */
  private showSelected(body: Body): void {
    if (detailsChanged(useGravityStore.getState().selected, body))
      useGravityStore.setState({ selected: body });
    selectedMotion.setState({ motion: { id: body.id, x: body.x, y: body.y, vx: body.vx, vy: body.vy } });
  }

  // ---- input -----------------------------------------------------------------------------

  private viewSize(): { width: number; height: number } {
    const rect = this.mount.canvas.getBoundingClientRect();
    return { width: rect.width || this.size().width, height: rect.height || this.size().height };
  }

  private toWorld(at: ScreenPoint): WorldPoint {
    return screenToWorld(this.camera, this.viewSize(), at);
  }

  private setCamera(camera: Partial<Camera>): void {
    this.camera = { ...this.camera, ...camera };
    this.camera.zoom = clampZoom(this.camera.zoom);
    this.mount.input({ type: 'camera', camera: this.camera });
  }

  /** Listens on the stage (the canvas is replaced when its renderer restarts). */
  private bindInput(): void {
    const stage = this.stage;
    const local = (e: PointerEvent | WheelEvent): ScreenPoint => {
      const rect = this.mount.canvas.getBoundingClientRect();
      return screenPoint(e.clientX - rect.left, e.clientY - rect.top);
    };
    stage.addEventListener('pointerdown', (e) => {
      stage.setPointerCapture(e.pointerId);
      const at = local(e);
      const { pointerId, timeStamp } = e;
      this.enqueue(async () => {
        const target = await this.physics.call('bodyAt', this.toWorld(at), PICK_SLOP_PX / this.camera.zoom);
        this.run(this.gestures.down(pointerId, at, timeStamp, target));
      });
    });
    stage.addEventListener('pointermove', (e) => {
      const at = local(e);
      const { pointerId } = e;
      this.enqueue(() => this.run(this.gestures.move(pointerId, at)));
    });
    stage.addEventListener('pointerup', (e) => {
      const at = local(e);
      const { pointerId, timeStamp } = e;
      this.enqueue(() => this.run(this.gestures.up(pointerId, at, timeStamp)));
    });
    stage.addEventListener('pointercancel', (e) => {
      const { pointerId } = e;
      this.enqueue(() => this.run(this.gestures.cancel(pointerId)));
    });
    stage.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.setCamera(zoomAt(this.camera, this.viewSize(), local(e), Math.exp(-e.deltaY * 0.0015)));
        this.syncZoom();
      },
      { passive: false },
    );
    // Double-click is ours (adds a planet), not the browser's text selection.
    stage.addEventListener('dblclick', (e) => e.preventDefault());
  }

  private enqueue(task: () => void | Promise<void>): void {
    this.pointerQueue = this.pointerQueue.then(task).catch(this.onCommandError);
  }

  private run(actions: GestureAction[]): void {
    if (this.disposed) return;
    for (const a of actions) {
      switch (a.type) {
        case 'select':
          this.select(a.id);
          break;
        case 'dragStart':
          this.dragging = a.id;
          this.physics.send('grab', a.id);
          break;
        case 'dragMove':
          this.physics.send('moveBody', a.id, this.toWorld(a.at));
          break;
        case 'dragEnd':
          this.dragging = null;
          this.physics.send('release');
          break;
        case 'pan':
          this.setCamera(panBy(this.camera, a.dx, a.dy));
          break;
        case 'pinch':
          this.setCamera(zoomAt(this.camera, this.viewSize(), a.at, a.factor));
          this.syncZoom();
          break;
        case 'addPlanet':
        case 'addStar':
          this.physics
            .call(a.type, this.toWorld(a.at), markInput('add-body'))
            .then((id) => id >= 0 && this.select(id), this.onCommandError);
          break;
        case 'armHold':
          if (this.holdTimer) clearTimeout(this.holdTimer);
          this.holdTimer = setTimeout(
            () => this.enqueue(() => this.run(this.gestures.holdElapsed(performance.now()))),
            Math.max(0, a.at - performance.now()),
          );
          break;
        case 'disarmHold':
          if (this.holdTimer) clearTimeout(this.holdTimer);
          this.holdTimer = null;
          break;
      }
    }
  }

  private syncZoom(): void {
    useGravityStore.setState({ zoom: Math.round(this.camera.zoom * 100) / 100 });
  }

  private readonly onVisibility = (): void => {
    this.physics.send('setVisible', document.visibilityState !== 'hidden');
  };

  // ---- commands (from the controls) ------------------------------------------------------

  select(id: number | null): void {
    this.mount.input({ type: 'select', id });
    useGravityStore.setState({ selectedId: id, selected: null });
    if (id === null) return;
    this.physics.call('getBody', id).then((selected) => {
      if (useGravityStore.getState().selectedId === id && selected) this.showSelected(selected);
    }, this.onCommandError);
  }

  /**
   * Keyboard path to what a double tap / hold does on the canvas: adds a planet or a star
   * in view, on a ring round its centre (a golden-angle step each time, so added bodies
   * neither land on the middle body nor on each other), and selects it.
   */
  addInView(kind: 'planet' | 'star'): void {
    const { width, height } = this.viewSize();
    const angle = this.addedFromControls++ * 2.39996 - Math.PI / 2;
    const r = Math.min(width, height) * 0.32;
    const w = this.toWorld(screenPoint(width / 2 + r * Math.cos(angle), height / 2 + r * Math.sin(angle)));
    const added = this.physics.call(kind === 'planet' ? 'addPlanet' : 'addStar', w, markInput('add-body'));
    added.then((id) => this.select(id), this.onCommandError);
  }

  /** Keyboard selection: the next (or previous) body after the selected one, wrapping. */
  selectNext(step: 1 | -1): void {
    this.physics.call('bodyIds').then((ids) => {
      if (ids.length === 0) return;
      const current = useGravityStore.getState().selectedId;
      const at = current === null ? -1 : ids.indexOf(current);
      const next = at < 0 ? (step > 0 ? 0 : ids.length - 1) : (at + step + ids.length) % ids.length;
      this.select(ids[next]);
    }, this.onCommandError);
  }

  setRunning(running: boolean): void {
    useGravityStore.setState({ running });
    this.physics.send('setSettings', { running });
  }

  setGravity(gravity: number): void {
    useGravityStore.setState({ gravity });
    this.physics.send('setSettings', { gravity });
  }

  setTimeSpeed(timeSpeed: number): void {
    useGravityStore.setState({ timeSpeed });
    this.physics.send('setSettings', { timeSpeed });
  }

  setStarGravity(starGravity: boolean): void {
    useGravityStore.setState({ starGravity });
    this.physics.send('setSettings', { starGravity });
  }

  setTrails(trails: boolean): void {
    useGravityStore.setState({ trails });
    this.mount.input({ type: 'trails', visible: trails });
    this.physics.send('setSettings', { trails });
  }

  setPathTrails(pathTrails: boolean): void {
    useGravityStore.setState({ pathTrails });
    this.mount.input({ type: 'pathTrails', visible: pathTrails });
    this.physics.send('setSettings', { pathTrails });
  }

  setZoom(zoom: number): void {
    this.setCamera({ zoom });
    this.syncZoom();
  }

  /** Never rejects: a failure is reported like any command's. */
  async loadPreset(id: string): Promise<void> {
    try {
      const settings = await this.physics.call('loadPreset', id);
      if (settings) this.applyScenarioSettings(settings, id);
      await this.keepCheckpoint();
    } catch (error) {
      this.onCommandError(error);
    }
  }

  /**
   * Scenario zooms are for a desktop-sized canvas; a phone's smaller canvas zooms out by
   * the same proportion so the whole system still fits.
   */
  private fitFactor(): number {
    const { width, height } = this.size();
    return Math.min(1, Math.min(width, CANVAS_MAX_WIDTH, height) / FIT_SIZE);
  }

  private applyScenarioSettings(settings: ScenarioSettings, presetId: string): void {
    this.select(null);
    this.setCamera({ x: 0, y: 0, zoom: settings.zoom * this.fitFactor() });
    this.mount.input({ type: 'trails', visible: settings.trails });
    this.mount.input({ type: 'pathTrails', visible: settings.pathTrails });
    const running = useGravityStore.getState().running;
    this.physics.send('setSettings', { running });
    useGravityStore.setState({
      presetId,
      gravity: settings.gravity,
      timeSpeed: settings.timeSpeed,
      starGravity: settings.starGravity,
      trails: settings.trails,
      pathTrails: settings.pathTrails,
      zoom: Math.round(this.camera.zoom * 100) / 100,
      shareUrl: null,
    });
  }

  reset(): void {
    this.select(null);
    this.physics.send('reset');
  }

  clear(): void {
    this.select(null);
    this.physics.send('clear');
  }

  /** Never rejects: a failure is reported like any command's. */
  async updateSelected(patch: BodyPatch): Promise<void> {
    const id = useGravityStore.getState().selectedId;
    if (id === null) return;
    try {
      const selected = await this.physics.call('updateBody', id, patch);
      if (!selected) useGravityStore.setState({ selected: null });
      else if (useGravityStore.getState().selectedId === id) this.showSelected(selected);
    } catch (error) {
      this.onCommandError(error);
    }
  }

  deleteSelected(): void {
    const id = useGravityStore.getState().selectedId;
    if (id === null) return;
    this.select(null);
    this.physics.send('deleteBody', id);
  }

  /** The current scene's share code (bodies and settings) and the camera's zoom. */
  shareCode(): Promise<string> {
    return this.physics.call('share', this.camera.zoom / this.fitFactor());
  }

  dispose(): void {
    this.disposed = true;
    if (this.readoutTimer) clearInterval(this.readoutTimer);
    if (this.checkpointTimer) clearInterval(this.checkpointTimer);
    if (this.holdTimer) clearTimeout(this.holdTimer);
    document.removeEventListener('visibilitychange', this.onVisibility);
    if (this.dragging !== null && !this.physics.stopped) this.physics.send('release');
    this.physics.dispose();
    this.mount.dispose();
  }
}
