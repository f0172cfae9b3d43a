// The server's Content-Security-Policy forbids eval: Pixi's CSP-safe shader/uniform paths.
import 'pixi.js/unsafe-eval';
/**
 * The race on screen: grass, the road (shoulder, 2 px white edges, dark asphalt) drawn
 * once per track, the dashed start line, the stroke while it is drawn, cars that look
 * like little cars (interpolated between the worker's snapshots), a ring under the
 * player's car, the racing line when debugging, and fireworks for a winning player.
 * Per-frame work is imperative; nothing here goes through React. Touches no DOM: the
 * page hands it the canvas, sizes, snapshots and what the player did, as data.
 */
import { Application, Container, Graphics, Rectangle, Sprite, type Texture } from 'pixi.js';
import { canvasPng } from '../../../lib/canvasPng.ts';
import { ParticleLayer } from '../../../lib/particles.ts';
import { AdaptiveQuality } from '../../../lib/pure/adaptiveQuality.ts';
import { lerpAngle } from '../../../lib/pure/math.ts';
import type {
  GameScene,
  SceneEnvironment,
  SceneCanvas as SceneTarget,
  SceneViewport,
} from '../../../lib/runtime/GameScene.ts';
import { initSceneApp } from '../../../lib/sceneApp.ts';
import { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import type { EndReason, Phase, RaceEvent, ResultEntry } from '../engine/race.ts';
import { CAR_STRIDE, type RaceSnapshot, type TrackView } from '../engine/snapshot.ts';
import { type CameraView, RaceCamera, type ScreenPoint, screenPoint, type WorldPoint } from './camera.ts';
import { RaceFireworks, SPARK } from './fireworks.ts';
import { drawCar, drawRoad, GRASS, RACING_LINE } from './roadside.ts';
import { SnapshotPair } from './snapshotPair.ts';
import { StrokeInk } from './strokeInk.ts';
import { TrackLayer } from './trackLayer.ts';

/** What the page forwards: the view, the track and the stroke being drawn, and the player's choices. */
export type RaceSceneInput =
  /** The world's size (px): the stage when the track was drawn, or a shared track's. */
  | { type: 'world'; width: number; height: number }
  /** Pinch zoom and pan (the page's RaceCamera). */
  | { type: 'camera'; view: CameraView }
  /** The finalized track, or none. */
  | { type: 'track'; track: TrackView | null }
  /**
   * A stroke begins at a world point, with the brush's width; `seq` is the press's input
   * number (`markInput('stroke')`), reported by `shownInput` once a frame shows its ink.
   */
  | { type: 'strokeStart'; point: WorldPoint; brush: number; seq: number }
  /** The stroke goes on to a world point. */
  | { type: 'strokeTo'; point: WorldPoint }
  /** No stroke any more (it became a track, a pinch, or was refused). */
  | { type: 'strokeEnd' }
  | { type: 'debug'; on: boolean }
  /** The player's car (ringed; fireworks when it wins). */
  | { type: 'select'; id: number | null };

/** A car in race order, as the rank panel shows it. */
export interface RaceHudRow {
  id: number;
  color: number;
  laps: number;
  /** 0 while racing, else the finishing place. */
  place: number;
}

/** The race as the newest snapshot had it: what the page's React shows and plays sounds for. */
export interface RaceHudStatus {
  phase: Phase;
  countdown: number | null;
  totalLaps: number;
  ids: number[];
  colors: number[];
  ranking: RaceHudRow[];
  /** Empty until the race is finished. */
  results: ResultEntry[];
  endReason: EndReason | null;
}

/** What the page gets back at most 10 times a second. */
export interface RaceSceneHud {
  /** Frames drawn per second, smoothed (the debug overlay). */
  fps: number;
  /** A frame showing the finalized track has been drawn (the page marks it on the stage for tests). */
  trackDrawn: boolean;
  /** Null before the first snapshot. */
  race: RaceHudStatus | null;
  /** Every event of the snapshots since the last HUD, in order (sounds). */
  events: RaceEvent[];
}

/** What of a spent car buffer moves back to the physics worker. */
export const recycledCars = (cars: Float32Array): Transferable[] => [cars.buffer as ArrayBuffer];

const RESOLUTIONS = [1, 0.75, 0.5];
/** A gap between drawn frames longer than this was a hidden page: draw again whatever changed. */
const PAUSE_MS = 1000;

interface CarSprite {
  sprite: Sprite;
  color: number;
  length: number;
}

export class RaceScene implements GameScene<RaceSnapshot, RaceSceneInput, RaceSceneHud, Float32Array> {
  private app!: Application;
  private readonly world = new Container();
  /** Lawn, road and start line: drawn once into a texture (antialiased) and reused every frame. */
  private readonly trackLayer = new TrackLayer();
  private readonly carTextures = new Map<string, Texture>();
  private readonly stroke = new Graphics();
  private readonly racingLine = new Graphics();
  private readonly marker = new Graphics();
  private readonly carLayer = new Container();
  /**
   * Fireworks: one pooled particle per spark over one soft dot texture. (A Graphics rebuilt
   * every frame re-tessellated up to 300 circles a frame: 5–13 ms of a long task at 4× CPU.)
   */
  private readonly fireworks = new RaceFireworks();
  private sparks!: ParticleLayer;
  private sparkTexture!: Texture;
  private readonly quality = new AdaptiveQuality({ levels: RESOLUTIONS.length, slowMs: 22 });
  private baseResolution = 1;
  private readonly camera = new RaceCamera();
  private track: TrackView | null = null;
  private cars = new Map<number, CarSprite>();
  private readonly snapshots = new SnapshotPair<RaceSnapshot>();
  private readonly ink = new StrokeInk();
  /** Events of the snapshots pushed since the last HUD. */
  private events: RaceEvent[] = [];
  private selected: number | null = null;
  private markerLength = 0;
  /** The winner the fireworks burst over. */
  private fireworksCar: number | null = null;
  private reducedMotion = false;
  /** Something changed since the last render (nothing is drawn while nothing moves). */
  private dirty = true;
  /** A frame with the current track on it has been drawn. */
  private trackDrawn = false;
  private lastNow: number | null = null;
  /** Frames per second, smoothed (the debug overlay reads it). */
  private fps = 60;
  /** Redraws after every resize (quality changes included) and a restored WebGL context. */
  private keeper!: SceneCanvas;

  async init(canvas: SceneTarget, viewport: SceneViewport, environment: SceneEnvironment): Promise<void> {
    const app = new Application();
    // No MSAA: the static layer and the cars are antialiased once, into textures, instead.
    await initSceneApp(app, canvas, viewport, { background: GRASS });
    this.app = app;
    this.camera.setViewport(viewport.width, viewport.height);
    this.camera.setWorld(viewport.width, viewport.height);
    this.reducedMotion = environment.reducedMotion;
    this.baseResolution = app.renderer.resolution;
    // A resize clears the canvas: draw again, even when nothing moves. The lawn and
    // road cache lives on the GPU: a restored context draws it again.
    this.keeper = new SceneCanvas(app, {
      redraw: () => {
        this.dirty = true;
      },
      restored: () => {
        this.trackLayer.invalidate();
        // In the same task as the restore: a render worker's canvas would show the emptied
        // buffer until the next frame.
        this.renderNow();
      },
    });
    this.racingLine.visible = false;
    this.world.addChild(this.trackLayer.container, this.stroke, this.racingLine, this.marker, this.carLayer);
    this.sparkTexture = this.keeper.bake(
      () => new Graphics().circle(SPARK.maxPx, SPARK.maxPx, SPARK.maxPx).fill(0xffffff),
      { resolution: 2, antialias: true },
    );
    const sparkPool = this.fireworks.pool;
    this.sparks = new ParticleLayer(sparkPool, this.sparkTexture, { radius: SPARK.maxPx });
    app.stage.addChild(this.world, this.sparks.container);
    // Draws one unseen spark now, so the particle shader is compiled while the page opens and
    // not in the frame a race's first fireworks burst in (52 ms of a 113 ms task at 4× CPU).
    sparkPool.emit({
      x: 0,
      y: 0,
      vx: 0,
      vy: 0,
      life: 1,
      size0: SPARK.maxPx,
      alpha: 0,
      colors: [0xffffff],
    });
    this.sparks.sync();
    app.render();
    sparkPool.clear();
    this.sparks.sync();
    this.drawGrass();
    this.layout();
  }

  // ---- world and camera ----------------------------------------------------------------

  resize(viewport: SceneViewport): void {
    this.camera.setViewport(viewport.width, viewport.height);
    this.baseResolution = viewport.resolution;
    this.app.renderer.resize(
      viewport.width,
      viewport.height,
      this.baseResolution * RESOLUTIONS[this.quality.level],
    );
    this.layout();
    // A resize empties the canvas. Drawn again in the same task: a render worker's canvas
    // shows what a task leaves, and an empty (black) one would show until the next frame.
    this.renderNow();
  }

  /**
   * Renders the scene as it stands: the lawn-and-road cache and the stroke brought up to
   * date, then the frame (the cars and sparks where they were last placed). Every frame is
   * drawn through here, so a frame shown marks the ink painted and the track drawn.
   */
  private renderNow(): void {
    this.refreshTrackLayer();
    if (this.ink.takeChange()) this.drawStroke();
    this.app.render();
    this.ink.painted();
    if (this.track) this.trackDrawn = true;
  }

  setEnvironment(environment: SceneEnvironment): void {
    this.reducedMotion = environment.reducedMotion;
  }

  input(input: RaceSceneInput): void {
    switch (input.type) {
      case 'world':
        this.camera.setWorld(input.width, input.height);
        this.drawGrass();
        this.layout();
        return;
      case 'camera':
        this.camera.setView(input.view);
        this.layout();
        return;
      case 'track':
        this.setTrack(input.track);
        return;
      case 'strokeStart':
        this.ink.start(input.point, input.brush, input.seq);
        this.dirty = true;
        return;
      case 'strokeTo':
        this.ink.extend(input.point);
        this.dirty = true;
        return;
      case 'strokeEnd':
        this.ink.clear();
        this.dirty = true;
        return;
      case 'debug':
        this.racingLine.visible = input.on;
        this.dirty = true;
        return;
      case 'select':
        this.selected = input.id;
        this.dirty = true;
        return;
    }
  }

  hud(): RaceSceneHud {
    const events = this.events;
    this.events = [];
    const s = this.snapshots.curr;
    if (!s) return { fps: this.fps, trackDrawn: this.trackDrawn, race: null, events };
    const ranking = s.ranking.map((id) => {
      const i = s.ids.indexOf(id);
      const o = i * CAR_STRIDE;
      return { id, color: s.colors[i], laps: s.cars[o + 4], place: s.cars[o + 5] };
    });
    return {
      fps: this.fps,
      trackDrawn: this.trackDrawn,
      race: {
        phase: s.phase,
        countdown: s.countdown,
        totalLaps: s.totalLaps,
        ids: s.ids,
        colors: s.colors,
        ranking,
        results: s.results,
        endReason: s.endReason,
      },
      events,
    };
  }

  /** The newest stroke press a drawn frame shows (the bench's input to screen). */
  shownInput(): number {
    return this.ink.shown;
  }

  private layout(): void {
    this.dirty = true;
    this.trackLayer.invalidate();
    this.world.scale.set(this.camera.scale);
    this.world.position.set(this.camera.x, this.camera.y);
  }

  // ---- track ---------------------------------------------------------------------------

  private get worldW(): number {
    return this.camera.worldW;
  }

  private get worldH(): number {
    return this.camera.worldH;
  }

  private drawGrass(): void {
    this.dirty = true;
    this.trackLayer.drawLawn(this.worldW, this.worldH);
  }

  /** The finalized track (or none): road, start line and the racing line for debugging. */
  private setTrack(track: TrackView | null): void {
    this.track = track;
    this.trackDrawn = false;
    this.dirty = true;
    this.trackLayer.setTrack(track);
    this.racingLine.clear();
    if (!track) return;
    const flat: number[] = [];
    for (let i = 0; i < track.racingX.length; i++) flat.push(track.racingX[i], track.racingY[i]);
    this.racingLine.poly(flat, true).stroke({ width: 2, color: RACING_LINE, alpha: 0.9 });
    for (let i = 0; i < track.racingX.length; i += 6) {
      const slow = 1 - track.racingSpeed[i];
      if (slow > 0.05)
        this.racingLine
          .circle(track.racingX[i], track.racingY[i], 1.5 + slow * 6)
          .fill({ color: 0xff5252, alpha: 0.6 });
    }
  }

  /** The stroke being drawn, as a road of its brush's width (nothing when there is none). */
  private drawStroke(): void {
    this.stroke.clear();
    const { xs, ys, brush } = this.ink;
    if (xs.length === 0) return;
    if (xs.length === 1) drawRoad(this.stroke, [xs[0], xs[0] + 0.01], [ys[0], ys[0]], brush, false);
    else drawRoad(this.stroke, xs, ys, brush, false);
  }

  // ---- cars ----------------------------------------------------------------------------

  /** The newest snapshot; returns the car buffer that left the pair, for the host to refill. */
  push(snapshot: RaceSnapshot): Float32Array | undefined {
    this.snapshots.push(snapshot);
    this.dirty = true;
    for (const e of snapshot.events) {
      this.events.push(e);
      // About 3 s of bursts over the player's car when it wins (none under reduced motion).
      if (e.type === 'finish' && e.place === 1 && e.carId === this.selected && !this.reducedMotion) {
        this.fireworksCar = e.carId;
        this.fireworks.ask();
      }
    }
    const seen = new Set(snapshot.ids);
    for (const [id, car] of this.cars) {
      if (!seen.has(id)) {
        car.sprite.destroy();
        this.cars.delete(id);
      }
    }
    const length = this.track?.carLength ?? 18;
    const width = this.track?.carWidth ?? 10;
    snapshot.ids.forEach((id, i) => {
      let car = this.cars.get(id);
      const color = snapshot.colors[i];
      if (!car || car.color !== color || car.length !== length) {
        car?.sprite.destroy();
        const sprite = this.carSprite(color, length, width);
        this.carLayer.addChild(sprite);
        car = { sprite, color, length };
        this.cars.set(id, car);
      }
    });
    return this.snapshots.takeSpare() ?? undefined;
  }

  /** A car as a sprite of a texture drawn once per colour and size (antialiased, 3× for zooming in). */
  private carSprite(color: number, length: number, width: number): Sprite {
    const key = `${color}:${length.toFixed(2)}`;
    let texture = this.carTextures.get(key);
    const draw = () => {
      const g = new Graphics();
      drawCar(g, color, length, width);
      return g;
    };
    const g = draw();
    const bounds = g.getLocalBounds();
    g.destroy();
    if (!texture) {
      texture = this.keeper.bake(draw, { antialias: true, resolution: 3 });
      this.carTextures.set(key, texture);
    }
    const sprite = new Sprite(texture);
    sprite.anchor.set(-bounds.x / bounds.width, -bounds.y / bounds.height);
    return sprite;
  }

  /** Where a car is, for fireworks. */
  private carPosition(id: number): WorldPoint | null {
    const s = this.snapshots.curr;
    if (!s) return null;
    const i = s.ids.indexOf(id);
    if (i < 0) return null;
    return RaceCamera.world({ x: s.cars[i * CAR_STRIDE], y: s.cars[i * CAR_STRIDE + 1] });
  }

  /** Where fireworks burst: over the winner's car, or mid-screen when it is gone. */
  private fireworksOrigin = (): ScreenPoint => {
    const pos = this.fireworksCar !== null ? this.carPosition(this.fireworksCar) : null;
    // Sparks live on the screen, over the world's layers.
    return pos ? this.camera.worldToScreen(pos) : screenPoint(this.camera.width / 2, this.camera.height / 2);
  };

  // ---- frames --------------------------------------------------------------------------

  /** Draws when something changed or moves (an idle track costs no frames: software GL fills are expensive). */
  draw(alpha: number, now: number): void {
    const ms = this.lastNow === null ? 1000 / 60 : now - this.lastNow;
    this.lastNow = now;
    if (ms > PAUSE_MS) this.dirty = true;
    this.fps = this.fps * 0.9 + (1000 / Math.max(1, ms)) * 0.1;
    if (this.quality.frame(ms)) {
      this.app.renderer.resize(
        this.camera.width,
        this.camera.height,
        this.baseResolution * RESOLUTIONS[this.quality.level],
      );
    }
    const phase = this.snapshots.curr?.phase;
    // A finished race still draws until its cars reach their last positions.
    const moving = phase === 'countdown' || phase === 'running' || (phase === 'finished' && alpha < 1);
    const celebrating = this.fireworks.live(now);
    if (!(this.dirty || moving || celebrating)) return;
    this.dirty = false;
    this.drawCars(alpha, now);
    this.fireworks.step(now, Math.min(0.05, ms / 1000), this.fireworksOrigin);
    this.sparks.sync();
    this.renderNow();
  }

  private drawCars(t: number, now: number): void {
    const curr = this.snapshots.curr;
    this.marker.visible = false;
    if (!curr) return;
    const prev = this.snapshots.prev;
    curr.ids.forEach((id, i) => {
      const car = this.cars.get(id);
      if (!car) return;
      const o = i * CAR_STRIDE;
      let x = curr.cars[o];
      let y = curr.cars[o + 1];
      let heading = curr.cars[o + 2];
      const j = prev ? prev.ids.indexOf(id) : -1;
      if (prev && j >= 0 && prev.cars.length >= (j + 1) * CAR_STRIDE) {
        const p = j * CAR_STRIDE;
        x = prev.cars[p] + (x - prev.cars[p]) * t;
        y = prev.cars[p + 1] + (y - prev.cars[p + 1]) * t;
        heading = lerpAngle(prev.cars[p + 2], heading, t);
      }
      car.sprite.position.set(x, y);
      car.sprite.rotation = heading;
      if (id === this.selected) {
        // The ring is drawn once per car size and only moved (and pulsed while racing).
        if (this.markerLength !== car.length) {
          this.markerLength = car.length;
          const r = car.length * 0.85;
          this.marker.clear();
          this.marker.circle(0, 0, r).stroke({ width: 2.5, color: 0xffeb3b, alpha: 0.95 });
          this.marker.circle(0, 0, r + 3).stroke({ width: 1.5, color: 0x000000, alpha: 0.35 });
        }
        const racing = curr.phase === 'running' || curr.phase === 'countdown';
        this.marker.visible = true;
        this.marker.position.set(x, y);
        this.marker.scale.set(1 + (racing ? Math.sin(now / 180) * 0.07 : 0));
      }
    });
  }

  /** The lawn-and-road cache, drawn again if stale at the resolution it is shown at. */
  private refreshTrackLayer(): void {
    this.trackLayer.refresh(this.world.scale.x * this.baseResolution, this.worldW, this.worldH);
  }

  /**
   * A PNG of what the screen shows: the whole stage (not the bounds of what is drawn on it),
   * on the opaque lawn colour the canvas clears to, at the stage's full pixel size (its CSS
   * size × the page's resolution, whatever the adaptive quality has lowered the canvas to).
   */
  async capture(): Promise<Blob> {
    this.refreshTrackLayer();
    this.drawCars(1, this.lastNow ?? 0);
    const canvas = this.app.renderer.extract.canvas({
      target: this.app.stage,
      frame: new Rectangle(0, 0, this.camera.width, this.camera.height),
      resolution: this.baseResolution,
      clearColor: GRASS,
    });
    return canvasPng(canvas);
  }

  destroy(): void {
    this.keeper.dispose();
    for (const texture of this.carTextures.values()) texture.destroy(true);
    this.sparkTexture.destroy(true);
    this.carTextures.clear();
    this.sparks.destroy();
    this.app.destroy(false, { children: true });
  }
}

/** What the render host runs: the same in the render worker and on the page's thread. */
export const raceRenderOptions = { createScene: () => new RaceScene(), transferOf: recycledCars };
