import * as Comlink from 'comlink';
import type { RaceWorkerApi } from '../../../../workers/race.worker.ts';
import type {
  RatingGetResponse,
  RatingStats,
  RatingSubmitResponse,
  TrackGetResponse,
  TrackStoreResponse,
} from '../../../api/types.ts';
import { animationFrame } from '../../../lib/animationFrame.ts';
import { apiGet, apiSend } from '../../../lib/api.ts';
import { PageSceneLoop, pageEnvironment, viewportOf, watchEnvironment } from '../../../lib/pageScene.ts';
import { SnapshotClient } from '../../../lib/snapshotPort.ts';
import { BRUSH_MAX, BRUSH_MIN, BRUSH_STEP, MOBILE_NOTICE_MS } from '../engine/constants.ts';
import {
  type DecodedTrack,
  decodeLegacyId,
  decodeTrack,
  encodeTrack,
  SHARE_ID_PREFIX,
} from '../engine/shareCodec.ts';
import type { RaceSnapshot } from '../engine/snapshot.ts';
import type { Point } from '../engine/track.ts';
import { RaceCamera } from '../scene/camera.ts';
import { RaceScene, type RaceSceneInput } from '../scene/RaceScene.ts';
import { SnapshotPair } from '../scene/snapshotPair.ts';
import { RaceSound } from './sound.ts';
import { initialRaceUiState, type RankRow, showMessage, useRaceSettings, useRaceStore } from './store.ts';

const RANK_MS = 250;
const DEBUG_MS = 250;
/** Live stroke points closer than this (screen px) are not redrawn. */
const PREVIEW_MIN_PX = 2;
/** The worker sends a snapshot per 60 Hz step: cars are drawn between the last two over this long. */
const SNAPSHOT_MS = 1000 / 60;

/** Mobile (games spec §9): width below 768 or height below 600. */
export const isMobileViewport = (width: number, height: number) => width < 768 || height < 600;

/**
 * The page's side of the race: owns the worker (engine host), the Pixi scene (its canvas,
 * size, frame loop) and the sounds; turns pointer strokes into a track and pinches into
 * zoom (the camera, which the scene gets as data); pumps snapshots from the worker to the
 * scene; mirrors phase, countdown, ranking and results into the UI store
 * (the ranking at most 4 times a second); and talks to the tracks API for sharing and
 * rating. React calls its methods; nothing per frame goes through React.
 */
export class RaceSession {
  private readonly worker: Worker;
  private readonly remote: Comlink.Remote<RaceWorkerApi>;
  /** Snapshots, one per frame, on a port of their own (commands stay on Comlink). */
  private readonly snapshots: SnapshotClient<Float32Array | null, RaceSnapshot>;
  private scene: RaceScene | null = null;
  private loop: PageSceneLoop | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private unwatchEnvironment: (() => void) | null = null;
  /** The view the page turns pointer points with; the scene draws with the same numbers. */
  private readonly camera = new RaceCamera();
  /** The snapshots the scene draws between: a buffer that has left the pair goes back to the worker. */
  private readonly drawn = new SnapshotPair<RaceSnapshot>();
  private pushedAt = 0;
  private readonly sound = new RaceSound();
  private disposed = false;
  private pumping = false;
  private spare: Float32Array | null = null;
  private latest: RaceSnapshot | null = null;
  private rankAt = 0;
  private debugTimer: ReturnType<typeof setInterval> | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private mobileTimer: ReturnType<typeof setTimeout> | null = null;
  /** The world's size: the stage's while no track is drawn, then fixed with the track. */
  private worldW = 1;
  private worldH = 1;
  private stroke: Point[] | null = null;
  private strokePointer: number | null = null;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private pinch: { distance: number; x: number; y: number } | null = null;
  private trackPoints: Point[] | null = null;
  private racingLineMs = 0;

  constructor(private readonly stage: HTMLElement) {
    this.worker = new Worker(new URL('../../../../workers/race.worker.ts', import.meta.url), {
      type: 'module',
      name: 'race',
    });
    this.remote = Comlink.wrap<RaceWorkerApi>(this.worker);
    const channel = new MessageChannel();
    this.snapshots = new SnapshotClient(channel.port1);
    void this.remote.serveSnapshots(Comlink.transfer(channel.port2, [channel.port2]));
  }

  async start(sharedId: string | null): Promise<void> {
    useRaceStore.setState({ ...initialRaceUiState, totalLaps: useRaceSettings.getState().laps });
    const seed = Number(new URLSearchParams(window.location.search).get('seed'));
    await this.remote.reseed(Number.isFinite(seed) && seed > 0 ? seed : (Math.random() * 2 ** 31) >>> 0);
    await this.remote.setLaps(useRaceSettings.getState().laps);
    const viewport = viewportOf(this.stage);
    const scene = new RaceScene();
    const canvas = document.createElement('canvas');
    await scene.init(canvas, viewport, pageEnvironment());
    if (this.disposed) {
      scene.destroy();
      return;
    }
    this.scene = scene;
    this.canvas = canvas;
    this.stage.appendChild(canvas);
    this.camera.setViewport(viewport.width, viewport.height);
    this.setWorld(viewport.width, viewport.height);
    this.unwatchEnvironment = watchEnvironment((environment) => scene.setEnvironment(environment));
    this.loop = new PageSceneLoop(scene, (now) =>
      Math.min(1, Math.max(0, (now - this.pushedAt) / SNAPSHOT_MS)),
    );
    this.loop.start();
    canvas.style.touchAction = 'none';
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointercancel', this.onPointerUp);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.resizeObserver.observe(this.stage);
    useRaceStore.setState({ ready: true });
    void this.pump();
    if (sharedId) await this.openShared(sharedId);
  }

  dispose(): void {
    this.disposed = true;
    if (this.debugTimer) clearInterval(this.debugTimer);
    if (this.mobileTimer) clearTimeout(this.mobileTimer);
    this.resizeObserver?.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.unwatchEnvironment?.();
    this.loop?.stop();
    this.sound.dispose();
    this.snapshots.close();
    this.worker.terminate();
    this.scene?.destroy();
    this.scene = null;
    this.canvas?.remove();
    this.canvas = null;
  }

  private stageSize(): { width: number; height: number } {
    return { width: Math.max(1, this.stage.clientWidth), height: Math.max(1, this.stage.clientHeight) };
  }

  private sceneInput(input: RaceSceneInput): void {
    this.scene?.input(input);
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
    const scene = this.scene;
    if (!scene) return;
    const viewport = viewportOf(this.stage);
    this.camera.setViewport(viewport.width, viewport.height);
    scene.resize(viewport);
    if (!useRaceStore.getState().finalized && !this.stroke) this.setWorld(viewport.width, viewport.height);
  }

  private readonly onVisibility = (): void => {
    const visible = document.visibilityState === 'visible';
    void this.remote.setVisible(visible);
    if (visible) this.loop?.start();
    else this.loop?.stop();
    if (!visible) this.sound.engines(false);
  };

  /** Any click on the page's controls: browsers start audio only after a gesture. */
  unlockSound(): void {
    this.sound.unlock();
  }

  // ------------------------------------------------------------ snapshots

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    while (!this.disposed) {
      let snap: RaceSnapshot;
      try {
        const spare = this.spare;
        this.spare = null;
        snap = await this.snapshots.request(spare, spare ? [spare.buffer as ArrayBuffer] : []);
      } catch (error) {
        if (!this.disposed) console.warn('Draw & Race worker stopped', error);
        break;
      }
      if (this.disposed) break;
      this.receive(snap);
      // One snapshot per frame drawn (see animationFrame).
      await animationFrame();
    }
    this.pumping = false;
  }

  private receive(snap: RaceSnapshot): void {
    const before = this.latest;
    this.latest = snap;
    const scene = this.scene;
    if (scene) {
      scene.push(snap);
      this.pushedAt = performance.now();
      this.drawn.push(snap);
      this.spare = this.drawn.takeSpare();
    }
    const state = useRaceStore.getState();
    const now = performance.now();
    if (snap.events.length) {
      this.sound.events(snap.events, state.selectedId, now);
      for (const e of snap.events) {
        if (e.type === 'finish' && e.place === 1 && e.carId === useRaceStore.getState().selectedId) {
          this.sceneInput({ type: 'fireworks', carId: e.carId });
        }
      }
    }
    this.sound.engines(snap.phase === 'running');
    const patch: Partial<typeof state> = {};
    if (snap.phase !== state.phase) patch.phase = snap.phase;
    if (snap.countdown !== state.countdown) patch.countdown = snap.countdown;
    if (snap.totalLaps !== state.totalLaps) patch.totalLaps = snap.totalLaps;
    if (snap.ids.length !== state.cars.length || snap.ids.some((id, i) => state.cars[i]?.id !== id)) {
      patch.cars = snap.ids.map((id, i) => ({ id, color: snap.colors[i] }));
      if (state.selectedId === null || !snap.ids.includes(state.selectedId)) {
        patch.selectedId = snap.ids[0] ?? null;
        this.sceneInput({ type: 'select', id: patch.selectedId });
      }
    }
    if (snap.phase === 'finished' && before?.phase !== 'finished') {
      patch.results = snap.results;
      patch.endReason = snap.endReason;
    }
    if (snap.phase !== 'finished' && state.results) {
      patch.results = null;
      patch.endReason = null;
    }
    // While racing a few times a second; otherwise (few snapshots) every time.
    if (now - this.rankAt >= RANK_MS || snap.phase !== 'running' || snap.events.length > 0) {
      this.rankAt = now;
      const ranking: RankRow[] = snap.ranking.map((id) => {
        const i = snap.ids.indexOf(id);
        return { id, color: snap.colors[i], laps: snap.cars[i * 6 + 4], place: snap.cars[i * 6 + 5] };
      });
      const same =
        ranking.length === state.ranking.length &&
        ranking.every((r, k) => {
          const o = state.ranking[k];
          return o.id === r.id && o.laps === r.laps && o.place === r.place && o.color === r.color;
        });
      if (!same) patch.ranking = ranking;
    }
    if (Object.keys(patch).length) useRaceStore.setState(patch);
  }

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

  async addCar(): Promise<void> {
    this.unlockSound();
    const result = await this.remote.addCar();
    if (!result.ok) {
      showMessage(result.message);
      return;
    }
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

  async startRace(): Promise<void> {
    this.unlockSound();
    if (!(await this.remote.start())) showMessage('Draw a track and add at least one car first');
  }

  async reset(): Promise<void> {
    await this.remote.reset();
  }

  async clearTrack(): Promise<void> {
    await this.remote.clearTrack();
    this.trackPoints = null;
    this.sceneInput({ type: 'track', track: null });
    this.moveCamera((camera) => camera.reset());
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

  async setLaps(laps: number): Promise<void> {
    const value = await this.remote.setLaps(laps);
    useRaceSettings.getState().setLaps(value);
    useRaceStore.setState({ totalLaps: value });
  }

  setDebug(on: boolean): void {
    useRaceStore.setState({ debug: on });
    this.sceneInput({ type: 'debug', on });
    if (this.debugTimer) clearInterval(this.debugTimer);
    this.debugTimer = null;
    if (!on) return;
    this.debugTimer = setInterval(() => {
      void this.remote.debugCars().then((cars) => {
        useRaceStore.setState({
          debugInfo: { fps: Math.round(this.scene?.hud().fps ?? 0), racingLineMs: this.racingLineMs, cars },
        });
      });
    }, DEBUG_MS);
  }

  async screenshot(): Promise<void> {
    const blob = await this.scene?.capture().catch((error) => {
      console.warn('The screenshot failed', error);
      return null;
    });
    if (!blob) {
      showMessage('Could not take a screenshot');
      return;
    }
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'draw-and-race.png';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // ------------------------------------------------------------ drawing and pinching

  private canDraw(): boolean {
    const s = useRaceStore.getState();
    return s.ready && !s.introOpen && !s.finalized && s.phase !== 'running' && s.phase !== 'countdown';
  }

  private local(event: PointerEvent): { x: number; y: number } {
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    const p = this.local(event);
    this.pointers.set(event.pointerId, p);
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    if (this.pointers.size === 2) {
      // A second finger: this is a pinch, not a stroke.
      this.stroke = null;
      this.strokePointer = null;
      this.sceneInput({ type: 'stroke', points: null, brush: 0 });
      const [a, b] = [...this.pointers.values()];
      this.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      return;
    }
    if (this.pointers.size > 2 || !this.canDraw() || !this.scene) return;
    this.strokePointer = event.pointerId;
    this.stroke = [this.camera.screenToWorld(p.x, p.y)];
    this.sceneInput({ type: 'stroke', points: this.stroke, brush: useRaceStore.getState().brush });
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (!this.pointers.has(event.pointerId)) return;
    const p = this.local(event);
    const last = this.pointers.get(event.pointerId)!;
    this.pointers.set(event.pointerId, p);
    if (!this.scene) return;
    const camera = this.camera;
    if (this.pinch && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const pinch = this.pinch;
      this.moveCamera(() => {
        if (pinch.distance > 0) camera.zoomAt(mid.x, mid.y, distance / pinch.distance);
        camera.panBy(mid.x - pinch.x, mid.y - pinch.y);
      });
      this.pinch = { distance, x: mid.x, y: mid.y };
      return;
    }
    if (this.stroke && event.pointerId === this.strokePointer) {
      const q = camera.screenToWorld(p.x, p.y);
      const prev = this.stroke[this.stroke.length - 1];
      const unit = 1 / camera.scale;
      if (Math.hypot(q.x - prev.x, q.y - prev.y) >= PREVIEW_MIN_PX * unit) {
        this.stroke.push(q);
        this.sceneInput({ type: 'stroke', points: this.stroke, brush: useRaceStore.getState().brush });
      }
      return;
    }
    // One finger on a zoomed view: pan.
    if (!this.stroke && this.pointers.size === 1 && camera.zoom > 1)
      this.moveCamera(() => camera.panBy(p.x - last.x, p.y - last.y));
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (event.pointerId !== this.strokePointer || !this.stroke) return;
    const stroke = this.stroke;
    this.stroke = null;
    this.strokePointer = null;
    void this.finalize(stroke, useRaceStore.getState().brush, this.worldW, this.worldH);
  };

  /** The end of the stroke: the track is built in the worker (racing line included) and locked. */
  private async finalize(points: Point[], brush: number, width: number, height: number): Promise<boolean> {
    const result = await this.remote.setTrack(points, brush, width, height);
    this.sceneInput({ type: 'stroke', points: null, brush: 0 });
    if (!result.ok || !result.track) {
      if (result.ok === false && points.length > 1) showMessage(result.message);
      return false;
    }
    this.trackPoints = points;
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

  // ------------------------------------------------------------ sharing and rating

  /**
   * Stores the track (v3 payload) and shares 'db_' + hash as `?track=` on this page's
   * address: the native share sheet, else the clipboard, else the console.
   */
  async share(): Promise<void> {
    const points = this.trackPoints;
    const state = useRaceStore.getState();
    if (!points || !state.finalized || state.sharing) return;
    useRaceStore.setState({ sharing: true });
    try {
      const payload = encodeTrack(points, state.brush, this.worldW, this.worldH, Date.now());
      const res = await apiSend<TrackStoreResponse>('POST', '/api/tracks/store.php', payload);
      if (!res.success || !res.hash) throw new Error(res.error ?? 'no hash');
      const id = `${SHARE_ID_PREFIX}${res.hash}`;
      const url = new URL(window.location.href);
      url.search = '';
      url.hash = '';
      url.searchParams.set('track', id);
      const link = url.toString();
      useRaceStore.setState({ trackId: id, shareUrl: link, shareOpen: true });
      await shareLink(link);
    } catch (error) {
      console.warn('Sharing the track failed', error);
      showMessage('Could not share the track - try again');
    } finally {
      useRaceStore.setState({ sharing: false });
    }
  }

  /** Opens `?track=` (a 'db_' id from the server, or a legacy base64 id); on failure the page stays ready to draw. */
  async openShared(id: string): Promise<boolean> {
    let decoded: DecodedTrack | null = null;
    if (id.startsWith(SHARE_ID_PREFIX)) {
      try {
        const res = await apiGet<TrackGetResponse>('/api/tracks/get.php', {
          hash: id.slice(SHARE_ID_PREFIX.length),
        });
        decoded = res.success ? decodeTrack(res.trackData) : null;
        if (!decoded)
          console.info(`Shared track ${id} could not be loaded: ${res.error ?? 'malformed track'}`);
      } catch (error) {
        console.info(`Shared track ${id} could not be loaded`, error);
      }
    } else {
      decoded = decodeLegacyId(id);
      if (!decoded) console.info(`Shared track ${id} is not a valid track id`);
    }
    if (!decoded || this.disposed) return false;
    if (useRaceStore.getState().finalized) await this.clearTrack();
    await this.remote.reset();
    this.setWorld(decoded.width, decoded.height);
    useRaceStore.setState({ brush: decoded.brush });
    const ok = await this.finalize(decoded.points, decoded.brush, decoded.width, decoded.height);
    if (!ok) {
      console.info(`Shared track ${id} could not be built`);
      await this.clearTrack();
      return false;
    }
    useRaceStore.setState({ trackId: id.startsWith(SHARE_ID_PREFIX) ? id : null, introOpen: false });
    showMessage('Track loaded: add cars and press Start!');
    return true;
  }
}

/** Native share, then the clipboard, then the console (games spec §8). */
export async function shareLink(url: string): Promise<'shared' | 'copied' | 'logged'> {
  try {
    if (navigator.share) {
      await navigator.share({ title: 'Draw & Race track', url });
      return 'shared';
    }
  } catch {
    // Cancelled or refused: the next way.
  }
  try {
    await navigator.clipboard.writeText(url);
    showMessage('Link copied to the clipboard');
    return 'copied';
  } catch {
    console.log(`Draw & Race track link: ${url}`);
    return 'logged';
  }
}

export async function loadRating(hash: string): Promise<{ userRating: number | null; stats: RatingStats }> {
  const res = await apiGet<RatingGetResponse>('/api/tracks/rate.php', { hash: hash.replace(/^db_/, '') });
  if (!res.success || !res.stats) throw new Error(res.error ?? 'no stats');
  return { userRating: res.userRating, stats: res.stats };
}

export async function submitRating(hash: string, rating: number): Promise<RatingStats> {
  const res = await apiSend<RatingSubmitResponse>('POST', '/api/tracks/rate.php', {
    hash: hash.replace(/^db_/, ''),
    rating,
  });
  if (!res.success || !res.stats) throw new Error(res.error ?? 'no stats');
  return res.stats;
}
