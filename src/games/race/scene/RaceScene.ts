// The server's Content-Security-Policy forbids eval: Pixi's CSP-safe shader/uniform paths.
import 'pixi.js/unsafe-eval';
/**
 * The race on screen: grass, the road (shoulder, 2 px white edges, dark asphalt) drawn
 * once per track, the dashed start line, the stroke while it is drawn, cars that look
 * like little cars (interpolated between the worker's snapshots), a ring under the
 * player's car, the racing line when debugging, and fireworks for a winning player.
 * Per-frame work is imperative; nothing here goes through React.
 */
import {
  Application,
  Container,
  Graphics,
  Particle,
  ParticleContainer,
  Rectangle,
  Sprite,
  type Texture,
} from 'pixi.js';
import { PIXI_SCENE_OPTIONS } from '../../../lib/pixiOptions.ts';
import { AdaptiveQuality } from '../../../lib/pure/adaptiveQuality.ts';
import { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import { FIREWORKS_SECONDS, START_DASH } from '../engine/constants.ts';
import { CAR_STRIDE, type RaceSnapshot, type TrackView } from '../engine/snapshot.ts';
import type { Point } from '../engine/track.ts';
import { SnapshotPair } from './snapshotPair.ts';

const GRASS = 0x4a9a3c;
const GRASS_DARK = 0x3f8a33;
const GRASS_LIGHT = 0x5aac48;
const SHOULDER = 0xc9b27c;
const SHOULDER_WIDTH = 6;
const EDGE = 0xffffff;
const EDGE_WIDTH = 2;
const ROAD = 0x3b3d42;
const RACING_LINE = 0x39ff6a;
const SNAPSHOT_MS = 1000 / 60;
const RESOLUTIONS = [1, 0.75, 0.5];
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;

interface CarSprite {
  sprite: Sprite;
  color: number;
  length: number;
}

/** Largest side (px) of the cached lawn-and-road texture. */
const MAX_CACHE_PX = 4096;

/** A firework spark: its motion; where it is and how it looks are its particle's. */
interface Spark {
  vx: number;
  vy: number;
  life: number;
  max: number;
  particle: Particle;
}

/** A spark's radius at birth (px); it shrinks to SPARK_MIN_PX as it fades. */
const SPARK_MAX_PX = 3;
const SPARK_MIN_PX = 1.2;
/** Sparks in one burst; a burst every 380 ms, each spark living up to 85 frames. */
const SPARKS_PER_BURST = 70;

const lerpAngle = (a: number, b: number, t: number) => {
  let d = b - a;
  if (d > Math.PI) d -= Math.PI * 2;
  if (d < -Math.PI) d += Math.PI * 2;
  return a + d * t;
};

/** A little top-down car pointing along +x: wheels, body, windscreen, rear window, lights. */
export function drawCar(g: Graphics, color: number, length: number, width: number): void {
  const L = length;
  const W = width;
  g.clear();
  g.roundRect(-L / 2 + 1.5, -W / 2 + 1.5, L, W, W * 0.35).fill({ color: 0x000000, alpha: 0.3 });
  const wheelL = L * 0.22;
  const wheelW = W * 0.22;
  for (const fx of [-0.3, 0.28]) {
    for (const fy of [-1, 1]) {
      g.roundRect(
        L * fx - wheelL / 2,
        fy * (W / 2) - wheelW / 2 - fy * wheelW * 0.15,
        wheelL,
        wheelW,
        1,
      ).fill(0x151515);
    }
  }
  g.roundRect(-L / 2, -W / 2, L, W, W * 0.38)
    .fill(color)
    .stroke({ width: 0.8, color: 0x000000, alpha: 0.45 });
  g.roundRect(L * 0.02, -W * 0.36, L * 0.2, W * 0.72, W * 0.15).fill(0x1d2a3a);
  g.roundRect(-L * 0.36, -W * 0.32, L * 0.12, W * 0.64, W * 0.12).fill(0x1d2a3a);
  g.rect(-L * 0.14, -W * 0.06, L * 0.14, W * 0.12).fill({ color: 0xffffff, alpha: 0.35 });
  g.roundRect(L / 2 - L * 0.07, -W * 0.42, L * 0.06, W * 0.22, 1).fill(0xfff4c2);
  g.roundRect(L / 2 - L * 0.07, W * 0.2, L * 0.06, W * 0.22, 1).fill(0xfff4c2);
  g.rect(-L / 2 + 0.3, -W * 0.4, L * 0.04, W * 0.2).fill(0xd32f2f);
  g.rect(-L / 2 + 0.3, W * 0.2, L * 0.04, W * 0.2).fill(0xd32f2f);
}

/** Strokes a closed (or open) polyline road in the three layers: shoulder, white edge, asphalt. */
function drawRoad(
  g: Graphics,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  brush: number,
  closed: boolean,
): void {
  const flat: number[] = [];
  for (let i = 0; i < xs.length; i++) flat.push(xs[i], ys[i]);
  if (closed && xs.length > 1) flat.push(xs[0], ys[0], xs[1 % xs.length], ys[1 % xs.length]);
  const layers: [number, number][] = [
    [brush + 2 * (SHOULDER_WIDTH + EDGE_WIDTH), SHOULDER],
    [brush + 2 * EDGE_WIDTH, EDGE],
    [brush, ROAD],
  ];
  for (const [width, color] of layers) {
    g.poly(flat, false).stroke({ width, color, join: 'round', cap: 'round' });
  }
}

export class RaceScene {
  readonly canvas: HTMLCanvasElement;
  private readonly world = new Container();
  /** Lawn, road and start line: drawn once into a texture (antialiased) and reused every frame. */
  private readonly staticLayer = new Container();
  private staticDirty = true;
  private cacheResolution = 0;
  private readonly carTextures = new Map<string, Texture>();
  private readonly grass = new Graphics();
  private readonly road = new Graphics();
  private readonly startLine = new Graphics();
  private readonly stroke = new Graphics();
  private readonly racingLine = new Graphics();
  private readonly marker = new Graphics();
  private readonly carLayer = new Container();
  /**
   * Fireworks: one pooled particle per spark over one soft dot texture. (A Graphics rebuilt
   * every frame re-tessellated up to 300 circles a frame: 5–13 ms of a long task at 4× CPU.)
   */
  private readonly sparks = new ParticleContainer({
    dynamicProperties: { position: true, vertex: true, color: true },
  });
  private readonly sparkTexture: Texture;
  private readonly sparkPool: Particle[] = [];
  private readonly quality = new AdaptiveQuality({ levels: RESOLUTIONS.length, slowMs: 22 });
  private readonly baseResolution: number;
  private width: number;
  private height: number;
  private worldW = 1;
  private worldH = 1;
  private zoom = 1;
  private panX = 0;
  private panY = 0;
  private track: TrackView | null = null;
  private cars = new Map<number, CarSprite>();
  private readonly snapshots = new SnapshotPair<RaceSnapshot>();
  private currAt = 0;
  private selected: number | null = null;
  private debug = false;
  private sparkList: Spark[] = [];
  private markerLength = 0;
  private fireworksUntil = 0;
  private fireworksCar: number | null = null;
  private nextBurst = 0;
  private reducedMotion = false;
  private seed = 1;
  /** Something changed since the last render (nothing is drawn while nothing moves). */
  private dirty = true;
  /** Frames per second, smoothed (the debug overlay reads it). */
  fps = 60;
  /** Redraws after every resize (quality changes included) and a restored WebGL context. */
  private readonly keeper: SceneCanvas;

  static async create(parent: HTMLElement, width: number, height: number): Promise<RaceScene> {
    const app = new Application();
    await app.init({
      width,
      height,
      background: GRASS,
      // Software GL and phones pay dearly for MSAA on every frame: the static layer and the
      // cars are antialiased once, into textures, instead.
      antialias: false,
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      autoDensity: true,
      preference: 'webgl',
      ...PIXI_SCENE_OPTIONS,
    });
    parent.appendChild(app.canvas);
    return new RaceScene(app, width, height);
  }

  private constructor(
    private readonly app: Application,
    width: number,
    height: number,
  ) {
    this.canvas = app.canvas;
    this.width = width;
    this.height = height;
    this.baseResolution = app.renderer.resolution;
    // A resize clears the canvas: draw again, even when nothing moves. The lawn and
    // road cache lives on the GPU: a restored context draws it again.
    this.keeper = new SceneCanvas(app, {
      redraw: () => {
        this.dirty = true;
      },
      restored: () => {
        this.staticDirty = true;
      },
    });
    this.racingLine.visible = false;
    this.staticLayer.addChild(this.grass, this.road, this.startLine);
    this.world.addChild(this.staticLayer, this.stroke, this.racingLine, this.marker, this.carLayer);
    app.stage.addChild(this.world, this.sparks);
    this.sparkTexture = this.keeper.bake(
      () => new Graphics().circle(SPARK_MAX_PX, SPARK_MAX_PX, SPARK_MAX_PX).fill(0xffffff),
      { resolution: 2, antialias: true },
    );
    // Draws one unseen spark now, so the particle shader is compiled while the page opens and
    // not in the frame a race's first fireworks burst in (52 ms of a 113 ms task at 4× CPU).
    const warm = this.newSparkParticle();
    warm.alpha = 0;
    this.sparks.addParticle(warm);
    app.render();
    this.sparks.removeParticle(warm);
    // And makes the particles of four bursts (as many as are alive at once) up front.
    this.sparkPool.push(warm);
    while (this.sparkPool.length < 4 * SPARKS_PER_BURST) this.sparkPool.push(this.newSparkParticle());
    this.drawGrass();
    this.layout();
    // Render on demand: an idle track costs no frames (software GL fills are expensive).
    app.ticker.remove(app.render, app);
    app.ticker.add(this.frame);
  }

  // ---- world and camera ----------------------------------------------------------------

  /** The world's size (px): the stage when the track was drawn, or a shared track's. */
  setWorldSize(width: number, height: number): void {
    this.worldW = Math.max(1, width);
    this.worldH = Math.max(1, height);
    this.drawGrass();
    this.layout();
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.app.renderer.resize(width, height);
    this.layout();
  }

  private fit(): number {
    return Math.min(this.width / this.worldW, this.height / this.worldH);
  }

  private layout(): void {
    this.dirty = true;
    this.staticDirty = true;
    const s = this.fit() * this.zoom;
    this.world.scale.set(s);
    this.world.position.set(
      (this.width - this.worldW * s) / 2 + this.panX,
      (this.height - this.worldH * s) / 2 + this.panY,
    );
  }

  screenToWorld(sx: number, sy: number): Point {
    const s = this.world.scale.x;
    return { x: (sx - this.world.position.x) / s, y: (sy - this.world.position.y) / s };
  }

  /** Pinch zoom: by `factor` about the screen point (sx, sy), within 1×–4×; pans stay near the world. */
  zoomAt(sx: number, sy: number, factor: number): void {
    const before = this.screenToWorld(sx, sy);
    this.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, this.zoom * factor));
    if (this.zoom === 1) {
      this.panX = 0;
      this.panY = 0;
      this.layout();
      return;
    }
    this.layout();
    const s = this.world.scale.x;
    this.panX += sx - (before.x * s + this.world.position.x);
    this.panY += sy - (before.y * s + this.world.position.y);
    this.layout();
  }

  panBy(dx: number, dy: number): void {
    if (this.zoom === 1) return;
    const limit = Math.max(this.width, this.height) * this.zoom;
    this.panX = Math.max(-limit, Math.min(limit, this.panX + dx));
    this.panY = Math.max(-limit, Math.min(limit, this.panY + dy));
    this.layout();
  }

  get zoomLevel(): number {
    return this.zoom;
  }

  resetZoom(): void {
    this.zoom = 1;
    this.panX = 0;
    this.panY = 0;
    this.layout();
  }

  // ---- track ---------------------------------------------------------------------------

  private drawGrass(): void {
    const g = this.grass;
    g.clear();
    this.dirty = true;
    this.staticDirty = true;
    // Mown stripes and tufts over the background's green: fixed pseudo-random, so the lawn
    // does not change between frames.
    const stripe = 48;
    for (let x = 0; x < this.worldW; x += stripe * 2) {
      g.rect(x, 0, Math.min(stripe, this.worldW - x), this.worldH).fill({ color: GRASS_LIGHT, alpha: 0.18 });
    }
    let s = this.seed;
    const rand = () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 4294967296;
    };
    const tufts = Math.min(900, Math.round((this.worldW * this.worldH) / 1500));
    for (let i = 0; i < tufts; i++) {
      const x = rand() * this.worldW;
      const y = rand() * this.worldH;
      g.rect(x, y, 2, 4 + rand() * 3).fill({ color: rand() < 0.5 ? GRASS_DARK : GRASS_LIGHT, alpha: 0.7 });
    }
  }

  /** The finalized track (or none): road, start line and the racing line for debugging. */
  setTrack(track: TrackView | null): void {
    this.track = track;
    this.dirty = true;
    this.staticDirty = true;
    this.road.clear();
    this.startLine.clear();
    this.racingLine.clear();
    if (!track) return;
    drawRoad(this.road, track.cx, track.cy, track.brush, true);
    // The start line: a chequered band of START_DASH squares, two rows deep.
    const { ax, ay, bx, by, nx, ny } = track.start;
    const len = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    const d = START_DASH;
    for (let row = 0; row < 2; row++) {
      for (let k = 0; k * d < len; k++) {
        const x0 = ax + ux * k * d + nx * (row - 1) * d;
        const y0 = ay + uy * k * d + ny * (row - 1) * d;
        const w = Math.min(d, len - k * d);
        const color = (k + row) % 2 === 0 ? 0xffffff : 0x111111;
        this.startLine
          .poly([
            x0,
            y0,
            x0 + ux * w,
            y0 + uy * w,
            x0 + ux * w + nx * d,
            y0 + uy * w + ny * d,
            x0 + nx * d,
            y0 + ny * d,
          ])
          .fill(color);
      }
    }
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

  /** The stroke being drawn (world points), or null. */
  setStroke(points: readonly Point[] | null, brush: number): void {
    this.stroke.clear();
    this.dirty = true;
    if (!points || points.length === 0) return;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    if (points.length === 1) {
      xs.push(points[0].x + 0.01);
      ys.push(points[0].y);
    }
    drawRoad(this.stroke, xs, ys, brush, false);
  }

  setDebug(on: boolean): void {
    this.debug = on;
    this.racingLine.visible = on;
    this.dirty = true;
  }

  setSelected(id: number | null): void {
    this.selected = id;
    this.dirty = true;
  }

  setReducedMotion(reduced: boolean): void {
    this.reducedMotion = reduced;
  }

  // ---- cars ----------------------------------------------------------------------------

  push(snapshot: RaceSnapshot): void {
    this.snapshots.push(snapshot);
    this.dirty = true;
    this.currAt = performance.now();
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

  /** A cars buffer no longer drawn from, for the worker to reuse (see SnapshotPair). */
  spareBuffer(): Float32Array | null {
    return this.snapshots.takeSpare();
  }

  /** Where a car is drawn now (world), for fireworks and the debug readout. */
  carPosition(id: number): Point | null {
    const s = this.snapshots.curr;
    if (!s) return null;
    const i = s.ids.indexOf(id);
    if (i < 0) return null;
    return { x: s.cars[i * CAR_STRIDE], y: s.cars[i * CAR_STRIDE + 1] };
  }

  // ---- fireworks -----------------------------------------------------------------------

  /** About 3 s of bursts over the winning car (skipped under prefers-reduced-motion). */
  fireworks(carId: number): void {
    if (this.reducedMotion) return;
    this.fireworksCar = carId;
    this.fireworksUntil = performance.now() + FIREWORKS_SECONDS * 1000;
    this.nextBurst = 0;
  }

  private burst(now: number): void {
    const pos = this.fireworksCar !== null ? this.carPosition(this.fireworksCar) : null;
    const s = this.world.scale.x;
    const base = pos
      ? { x: pos.x * s + this.world.position.x, y: pos.y * s + this.world.position.y }
      : { x: this.width / 2, y: this.height / 2 };
    this.seed = (this.seed * 1103515245 + 12345) >>> 0;
    const r = (k: number) => (((Math.sin(this.seed * 0.001 + k * 12.9898) * 43758.5453) % 1) + 1) % 1;
    const cx = base.x + (r(1) - 0.5) * 220;
    const cy = base.y - 40 - r(2) * 140;
    const palette = [0xffd54f, 0xff5252, 0x69f0ae, 0x40c4ff, 0xe040fb, 0xffffff];
    const color = palette[Math.floor(r(3) * palette.length)];
    for (let i = 0; i < SPARKS_PER_BURST; i++) {
      const a = (i / SPARKS_PER_BURST) * Math.PI * 2;
      const v = 1.5 + r(10 + i) * 2.5;
      const particle = this.sparkPool.pop() ?? this.newSparkParticle();
      particle.tint = color;
      particle.x = cx;
      particle.y = cy;
      this.sparks.particleChildren.push(particle);
      this.sparkList.push({
        vx: Math.cos(a) * v,
        vy: Math.sin(a) * v,
        life: 0,
        max: 55 + r(200 + i) * 30,
        particle,
      });
    }
    this.nextBurst = now + 380;
  }

  private newSparkParticle(): Particle {
    return new Particle({ texture: this.sparkTexture, anchorX: 0.5, anchorY: 0.5 });
  }

  private drawSparks(now: number): void {
    // A burst or a spark's death changes the particle list: the container then uploads it anew.
    let changed = false;
    if (this.fireworksUntil > now && now >= this.nextBurst) {
      this.burst(now);
      changed = true;
    }
    const sparks = this.sparkList;
    const particles = this.sparks.particleChildren;
    // Steps the sparks and keeps the living ones in place, in both lists, in the same order.
    let alive = 0;
    for (const p of sparks) {
      p.life++;
      if (p.life > p.max) {
        this.sparkPool.push(p.particle);
        changed = true;
        continue;
      }
      p.vx *= 0.97;
      p.vy = p.vy * 0.97 + 0.05;
      const fade = 1 - p.life / p.max;
      const particle = p.particle;
      particle.x += p.vx;
      particle.y += p.vy;
      particle.scaleX = particle.scaleY =
        (SPARK_MIN_PX + fade * (SPARK_MAX_PX - SPARK_MIN_PX)) / SPARK_MAX_PX;
      particle.alpha = fade;
      sparks[alive] = p;
      particles[alive] = particle;
      alive++;
    }
    sparks.length = alive;
    particles.length = alive;
    if (changed) this.sparks.update();
  }

  // ---- frames --------------------------------------------------------------------------

  private readonly frame = (): void => {
    const ms = this.app.ticker.deltaMS;
    this.fps = this.fps * 0.9 + (1000 / Math.max(1, ms)) * 0.1;
    if (this.quality.frame(ms)) {
      this.app.renderer.resize(
        this.width,
        this.height,
        this.baseResolution * RESOLUTIONS[this.quality.level],
      );
    }
    const now = performance.now();
    const phase = this.snapshots.curr?.phase;
    const moving =
      phase === 'countdown' || phase === 'running' || (phase === 'finished' && now - this.currAt < 200);
    const celebrating = this.sparkList.length > 0 || this.fireworksUntil > now;
    if (!(this.dirty || moving || celebrating)) return;
    this.dirty = false;
    if (this.staticDirty) this.refreshStaticCache();
    this.drawCars(now);
    this.drawSparks(now);
    this.app.render();
  };

  private drawCars(now: number): void {
    const curr = this.snapshots.curr;
    this.marker.visible = false;
    if (!curr) return;
    const prev = this.snapshots.prev;
    const t = Math.min(1, (now - this.currAt) / SNAPSHOT_MS);
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

  /**
   * Re-renders the cached lawn and road at the resolution they are shown at (crisp when
   * zoomed in, bounded so the texture stays under 4096 px a side).
   */
  private refreshStaticCache(): void {
    this.staticDirty = false;
    const shown = this.world.scale.x * this.baseResolution;
    const resolution = Math.min(shown, MAX_CACHE_PX / Math.max(this.worldW, this.worldH, 1));
    if (Math.abs(resolution - this.cacheResolution) > 1e-3) {
      this.cacheResolution = resolution;
      this.staticLayer.cacheAsTexture(false);
      this.staticLayer.cacheAsTexture({ antialias: true, resolution });
    } else {
      this.staticLayer.updateCacheTexture();
    }
  }

  /**
   * A PNG of what the screen shows: the whole stage (not the bounds of what is drawn on it),
   * on the opaque lawn colour the canvas clears to, at the stage's full pixel size (its CSS
   * size × the page's resolution, whatever the adaptive quality has lowered the canvas to).
   */
  async screenshot(): Promise<Blob | null> {
    if (this.staticDirty) this.refreshStaticCache();
    this.drawCars(performance.now());
    const canvas = this.app.renderer.extract.canvas({
      target: this.app.stage,
      frame: new Rectangle(0, 0, this.width, this.height),
      resolution: this.baseResolution,
      clearColor: GRASS,
    }) as HTMLCanvasElement;
    return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/png'));
  }

  /** Stops drawing (tab hidden) or starts again. */
  setActive(active: boolean): void {
    this.dirty = true;
    if (active) this.app.ticker.start();
    else this.app.ticker.stop();
  }

  get debugOn(): boolean {
    return this.debug;
  }

  dispose(): void {
    this.keeper.dispose();
    this.app.ticker.remove(this.frame);
    for (const texture of this.carTextures.values()) texture.destroy(true);
    this.sparkTexture.destroy(true);
    this.carTextures.clear();
    this.app.destroy(true, { children: true });
  }
}
