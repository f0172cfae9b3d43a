import * as Comlink from 'comlink';
import type { GravityWorkerApi } from '../../../../workers/gravity.worker.ts';
import { SnapshotClient } from '../../../lib/snapshotPort.ts';
import { CANVAS_MAX_WIDTH } from '../engine/constants.ts';
import { GALAXY_PRESET_ID } from '../engine/galaxy.ts';
import { DEFAULT_PRESET_ID, findPreset, type ScenarioSettings } from '../engine/presets.ts';
import {
  B_X,
  B_Y,
  BODY_STRIDE,
  type Snapshot,
  type SnapshotBuffers,
  transferablesOf,
} from '../engine/snapshot.ts';
import type { BodyPatch } from '../host/GravityHost.ts';
import { createGravityScene, type GravityView } from '../scene/GravityScene.ts';
import { type GestureAction, GestureRecognizer } from './gestures.ts';
import { useGravityStore } from './store.ts';

const READOUT_MS = 250;
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

/**
 * The page's side of the simulation: owns the worker (engine host), the Pixi scene and
 * the canvas gestures, pumps snapshots from one to the other, and mirrors throttled
 * readouts into the UI store. React components call its methods; nothing here re-renders.
 */
export class GravitySession {
  private worker: Worker;
  private remote: Comlink.Remote<GravityWorkerApi>;
  /** Snapshots, one per frame, on a port of their own (commands stay on Comlink). */
  private snapshots: SnapshotClient<SnapshotBuffers | null, Snapshot>;
  private view: GravityView | null = null;
  private spare: SnapshotBuffers | null = null;
  private inFlight = false;
  private latest: Snapshot | null = null;
  private raf = 0;
  private readoutTimer: ReturnType<typeof setInterval> | null = null;
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  private gestures = new GestureRecognizer();
  private disposed = false;
  private dragging: number | null = null;
  private resizeObserver: ResizeObserver | null = null;
  /** Body ids in the engine's order, from the last snapshot metadata (for keyboard selection). */
  private bodyIds: Int32Array = new Int32Array(0);
  /** Bodies added from the controls so far: spreads them round the view. */
  private addedFromControls = 0;

  constructor(
    private container: HTMLElement,
    private size: () => { width: number; height: number },
  ) {
    this.worker = new Worker(new URL('../../../../workers/gravity.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gravity',
    });
    this.remote = Comlink.wrap<GravityWorkerApi>(this.worker);
    const channel = new MessageChannel();
    this.snapshots = new SnapshotClient(channel.port1);
    void this.remote.serveSnapshots(Comlink.transfer(channel.port2, [channel.port2]));
  }

  async start(request: StartRequest): Promise<void> {
    const { width, height } = this.size();
    const view = await createGravityScene(this.container, width, height);
    if (this.disposed) {
      view.destroy();
      return;
    }
    this.view = view;
    view.canvas.setAttribute(
      'aria-label',
      'Gravity simulation: tap to select, double tap to add a planet, hold to add a star',
    );
    view.canvas.setAttribute('role', 'img');
    view.canvas.style.touchAction = 'none';
    this.bindInput(view.canvas);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver = new ResizeObserver(() => this.fit());
    this.resizeObserver.observe(this.container);

    const notice = await this.open(request);
    useGravityStore.setState({ ready: true, notice });
    this.pump();
    this.readoutTimer = setInterval(() => void this.readout(), READOUT_MS);
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
      settings = await this.remote.loadShared(request.shared);
      if (!settings) notice = 'That share link could not be read, so here is the Solar System instead.';
      else presetId = '';
    }
    if (!settings) {
      if (request.presetId !== null && !isPreset(request.presetId)) {
        notice = `There is no preset called “${request.presetId}”, so here is the Solar System.`;
      }
      if (!isPreset(presetId)) presetId = DEFAULT_PRESET_ID;
      settings = await this.remote.loadPreset(presetId);
    }
    this.applyScenarioSettings(settings!, presetId);
    return notice;
  }

  // ---- snapshots -------------------------------------------------------------------------

  private pump = (): void => {
    if (this.disposed) return;
    this.raf = requestAnimationFrame(this.pump);
    if (this.inFlight || !this.view) return;
    this.inFlight = true;
    const buffers = this.spare;
    this.spare = null;
    this.snapshots.request(buffers, buffers ? transferablesOf(buffers) : []).then(
      (snapshot) => {
        this.inFlight = false;
        if (this.disposed || !this.view) return;
        this.latest = snapshot;
        if (snapshot.meta) this.bodyIds = snapshot.meta.ids.slice();
        this.spare = this.view.pushSnapshot(snapshot);
      },
      () => {
        this.inFlight = false;
      },
    );
  };

  private async readout(): Promise<void> {
    const s = this.latest;
    const view = this.view;
    if (!s || !view) return;
    const state = useGravityStore.getState();
    const patch: Partial<typeof state> = {};
    const bodies = s.count + s.galaxyCount;
    if (state.bodyCount !== bodies) patch.bodyCount = bodies;
    if (state.simStep !== s.step) patch.simStep = s.step;
    const zoom = Math.round(view.getCamera().zoom * 100) / 100;
    if (state.zoom !== zoom) patch.zoom = zoom;
    if (state.selectedId !== null) {
      const body = await this.remote.getBody(state.selectedId);
      patch.selected = body;
      if (!body) patch.selectedId = null;
    }
    if (Object.keys(patch).length > 0) useGravityStore.setState(patch);
    // Read-only hooks for the end-to-end tests: counts and a digest of where bodies are.
    let motion = 0;
    for (let i = 0; i < Math.min(s.count, 32); i++) {
      motion +=
        Math.abs(s.buffers.bodies[i * BODY_STRIDE + B_X]) + Math.abs(s.buffers.bodies[i * BODY_STRIDE + B_Y]);
    }
    for (let i = 1; i < Math.min(s.galaxyCount, 33); i++) {
      motion += Math.abs(s.buffers.galaxy[i * 2]) + Math.abs(s.buffers.galaxy[i * 2 + 1]);
    }
    this.container.dataset.bodyCount = String(bodies);
    this.container.dataset.simStep = String(s.step);
    this.container.dataset.motion = motion.toFixed(2);
  }

  // ---- input -----------------------------------------------------------------------------

  private bindInput(canvas: HTMLCanvasElement): void {
    const local = (e: PointerEvent | WheelEvent) => {
      const rect = canvas.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      const { x, y } = local(e);
      const world = this.view!.screenToWorld(x, y);
      const target = this.view!.bodyAt(world.x, world.y, PICK_SLOP_PX);
      this.run(this.gestures.down(e.pointerId, x, y, e.timeStamp, target));
    });
    canvas.addEventListener('pointermove', (e) => {
      const { x, y } = local(e);
      this.run(this.gestures.move(e.pointerId, x, y));
    });
    canvas.addEventListener('pointerup', (e) => {
      const { x, y } = local(e);
      this.run(this.gestures.up(e.pointerId, x, y, e.timeStamp));
    });
    canvas.addEventListener('pointercancel', (e) => this.run(this.gestures.cancel(e.pointerId)));
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const { x, y } = local(e);
        this.view!.zoomAt(x, y, Math.exp(-e.deltaY * 0.0015));
        this.syncZoom();
      },
      { passive: false },
    );
    // Double-click is ours (adds a planet), not the browser's text selection.
    canvas.addEventListener('dblclick', (e) => e.preventDefault());
  }

  private run(actions: GestureAction[]): void {
    const view = this.view;
    if (!view) return;
    for (const a of actions) {
      switch (a.type) {
        case 'select':
          this.select(a.id);
          break;
        case 'dragStart':
          this.dragging = a.id;
          void this.remote.grab(a.id);
          break;
        case 'dragMove': {
          const w = view.screenToWorld(a.x, a.y);
          void this.remote.moveBody(a.id, w.x, w.y);
          break;
        }
        case 'dragEnd':
          this.dragging = null;
          void this.remote.release();
          break;
        case 'pan': {
          const cam = view.getCamera();
          view.setCamera({ x: cam.x - a.dx / cam.zoom, y: cam.y - a.dy / cam.zoom });
          break;
        }
        case 'pinch':
          view.zoomAt(a.x, a.y, a.factor);
          this.syncZoom();
          break;
        case 'addPlanet': {
          const w = view.screenToWorld(a.x, a.y);
          void this.remote.addPlanet(w.x, w.y).then((id) => id >= 0 && this.select(id));
          break;
        }
        case 'addStar': {
          const w = view.screenToWorld(a.x, a.y);
          void this.remote.addStar(w.x, w.y).then((id) => id >= 0 && this.select(id));
          break;
        }
        case 'armHold':
          if (this.holdTimer) clearTimeout(this.holdTimer);
          this.holdTimer = setTimeout(
            () => this.run(this.gestures.holdElapsed(performance.now())),
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
    useGravityStore.setState({ zoom: Math.round(this.view!.getCamera().zoom * 100) / 100 });
  }

  private onVisibility = (): void => {
    const visible = document.visibilityState !== 'hidden';
    this.view?.setActive(visible);
    void this.remote.setVisible(visible);
  };

  private fit(): void {
    const { width, height } = this.size();
    this.view?.resize(width, height);
  }

  // ---- commands (from the controls) ------------------------------------------------------

  select(id: number | null): void {
    this.view?.setSelected(id);
    useGravityStore.setState({ selectedId: id, selected: null });
    if (id !== null) void this.remote.getBody(id).then((selected) => useGravityStore.setState({ selected }));
  }

  /**
   * Keyboard path to what a double tap / hold does on the canvas: adds a planet or a star
   * in view, on a ring round its centre (a golden-angle step each time, so added bodies
   * neither land on the middle body nor on each other), and selects it.
   */
  addInView(kind: 'planet' | 'star'): void {
    const view = this.view;
    if (!view) return;
    const { width, height } = this.size();
    const angle = this.addedFromControls++ * 2.39996 - Math.PI / 2;
    const r = Math.min(width, height) * 0.32;
    const w = view.screenToWorld(width / 2 + r * Math.cos(angle), height / 2 + r * Math.sin(angle));
    const added = kind === 'planet' ? this.remote.addPlanet(w.x, w.y) : this.remote.addStar(w.x, w.y);
    void added.then((id) => this.select(id));
  }

  /** Keyboard selection: the next (or previous) body after the selected one, wrapping. */
  selectNext(step: 1 | -1): void {
    const ids = this.bodyIds;
    if (ids.length === 0) return;
    const current = useGravityStore.getState().selectedId;
    const at = current === null ? -1 : ids.indexOf(current);
    const next = at < 0 ? (step > 0 ? 0 : ids.length - 1) : (at + step + ids.length) % ids.length;
    this.select(ids[next]);
  }

  setRunning(running: boolean): void {
    useGravityStore.setState({ running });
    void this.remote.setSettings({ running });
  }

  setGravity(gravity: number): void {
    useGravityStore.setState({ gravity });
    void this.remote.setSettings({ gravity });
  }

  setTimeSpeed(timeSpeed: number): void {
    useGravityStore.setState({ timeSpeed });
    void this.remote.setSettings({ timeSpeed });
  }

  setStarGravity(starGravity: boolean): void {
    useGravityStore.setState({ starGravity });
    void this.remote.setSettings({ starGravity });
  }

  setTrails(trails: boolean): void {
    useGravityStore.setState({ trails });
    this.view?.setTrailsVisible(trails);
    void this.remote.setSettings({ trails });
  }

  setPathTrails(pathTrails: boolean): void {
    useGravityStore.setState({ pathTrails });
    this.view?.setPathTrailsVisible(pathTrails);
    void this.remote.setSettings({ pathTrails });
  }

  setZoom(zoom: number): void {
    this.view?.setCamera({ zoom });
    this.syncZoom();
  }

  async loadPreset(id: string): Promise<void> {
    const settings = await this.remote.loadPreset(id);
    if (settings) this.applyScenarioSettings(settings, id);
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
    this.view?.setCamera({ x: 0, y: 0, zoom: settings.zoom * this.fitFactor() });
    this.view?.setTrailsVisible(settings.trails);
    this.view?.setPathTrailsVisible(settings.pathTrails);
    const running = useGravityStore.getState().running;
    void this.remote.setSettings({ running });
    useGravityStore.setState({
      presetId,
      gravity: settings.gravity,
      timeSpeed: settings.timeSpeed,
      starGravity: settings.starGravity,
      trails: settings.trails,
      pathTrails: settings.pathTrails,
      zoom: Math.round((this.view?.getCamera().zoom ?? settings.zoom) * 100) / 100,
      shareUrl: null,
    });
  }

  reset(): void {
    this.select(null);
    void this.remote.reset();
  }

  clear(): void {
    this.select(null);
    void this.remote.clear();
  }

  async updateSelected(patch: BodyPatch): Promise<void> {
    const id = useGravityStore.getState().selectedId;
    if (id === null) return;
    const selected = await this.remote.updateBody(id, patch);
    useGravityStore.setState({ selected });
  }

  deleteSelected(): void {
    const id = useGravityStore.getState().selectedId;
    if (id === null) return;
    this.select(null);
    void this.remote.deleteBody(id);
  }

  /** The current scene's share code (bodies and settings) and the camera's zoom. */
  shareCode(): Promise<string> {
    return this.remote.share((this.view?.getCamera().zoom ?? 1) / this.fitFactor());
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.raf);
    if (this.readoutTimer) clearInterval(this.readoutTimer);
    if (this.holdTimer) clearTimeout(this.holdTimer);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver?.disconnect();
    if (this.dragging !== null) void this.remote.release();
    this.remote[Comlink.releaseProxy]();
    this.snapshots.close();
    this.worker.terminate();
    this.view?.destroy();
    this.view = null;
  }
}
