// The server's Content-Security-Policy forbids eval: Pixi's CSP-safe shader/uniform paths.
import 'pixi.js/unsafe-eval';
import { Application, Container, Particle, ParticleContainer, Sprite, type Texture } from 'pixi.js';
import { PIXI_SCENE_OPTIONS } from '../../../lib/pixiOptions.ts';
import { AdaptiveQuality } from '../../../lib/pure/adaptiveQuality.ts';
import { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import { KIND_STAR } from '../engine/bodyTypes.ts';
import {
  CANVAS_MAX_WIDTH,
  PATH_TRAIL_MAX_POINTS,
  STAR_FIELD_MAX,
  STAR_FIELD_MIN,
  TRAIL_MAX_POINTS,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../engine/constants.ts';
import {
  B_ANGLE,
  B_FLASH,
  B_RADIUS,
  B_X,
  B_Y,
  BODY_STRIDE,
  type Snapshot,
  type SnapshotBuffers,
  type SnapshotMeta,
} from '../engine/snapshot.ts';
import { GalaxyLayer } from './GalaxyLayer.ts';
import { createSceneTextures, type SceneTextures, TEXTURE_SIZE } from './textures.ts';

export interface Camera {
  /** World point at the canvas centre. */
  x: number;
  y: number;
  zoom: number;
}

/** What the page needs from the scene: feed it snapshots, aim the camera, ask what is where. */
export interface GravityView {
  readonly canvas: HTMLCanvasElement;
  /** Takes a fresh snapshot; returns the buffers it no longer needs (to hand back to the worker). */
  pushSnapshot(snapshot: Snapshot): SnapshotBuffers | null;
  getCamera(): Camera;
  setCamera(camera: Partial<Camera>): void;
  /** Zooms by `factor` keeping the world point under (sx, sy) in place. */
  zoomAt(sx: number, sy: number, factor: number): void;
  screenToWorld(sx: number, sy: number): { x: number; y: number };
  /** The body drawn under a world point (within `slopPx` screen pixels), or null. */
  bodyAt(x: number, y: number, slopPx: number): number | null;
  setSelected(id: number | null): void;
  setTrailsVisible(visible: boolean): void;
  /** The planets' path trails (longer, thinner), drawn under the trails. */
  setPathTrailsVisible(visible: boolean): void;
  resize(width: number, height: number): void;
  /** Stops drawing (tab hidden) or starts again. */
  setActive(active: boolean): void;
  destroy(): void;
}

interface StarSprites {
  halo: Sprite;
  corona: Sprite;
  core: Sprite;
}

const PLANET_MIN_PX = 3;
const TRAIL_DOT_PX = 2.2;
/** The path trail is drawn thinner and fainter than the trail: a line of fine dots. */
const PATH_DOT_PX = 1.1;
const PATH_BUDGET = 24_000;
const TRAIL_BUDGET_MAX = 30_000;
const TRAIL_BUDGET_MIN = 4_000;

/**
 * Render resolution (× the device's, up to 2) by quality level: frames on slow renderers
 * are bound by pixels filled (the nebula, additive glows), so a slow device draws fewer.
 */
const RESOLUTION_LEVELS = [1, 0.75, 0.5];

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** Lighter tint of a colour (towards white), for trails of bright bodies. */
function mixWhite(color: number, amount: number): number {
  const r = (color >> 16) & 255;
  const g = (color >> 8) & 255;
  const b = color & 255;
  const m = (c: number) => Math.round(c + (255 - c) * amount);
  return (m(r) << 16) | (m(g) << 8) | m(b);
}

/**
 * A particle's packed colour (what its `tint` and `alpha` setters store): BGR with the
 * alpha byte on top. Trail dots are thousands a frame: writing it directly skips the
 * setters' colour parsing (Color.setValue) for each dot.
 */
function particleColor(bgr: number, alpha: number): number {
  return bgr + (((Math.min(Math.max(alpha, 0), 1) * 255) | 0) << 24);
}

const rgbToBgr = (rgb: number) => ((rgb & 255) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 255);

/**
 * Star colours from black-body temperature are pale; their glow reads better with the hue
 * pushed further from white (a G star glows gold, an M star ember-red).
 */
function saturate(color: number, amount: number): number {
  const r = (color >> 16) & 255;
  const g = (color >> 8) & 255;
  const b = color & 255;
  const grey = (r + g + b) / 3;
  const s = (c: number) => Math.round(Math.min(255, Math.max(0, grey + (c - grey) * amount)));
  return (s(r) << 16) | (s(g) << 8) | s(b);
}

export async function createGravityScene(
  parent: HTMLElement,
  width: number,
  height: number,
): Promise<GravityView> {
  const app = new Application();
  await app.init({
    width: Math.min(width, CANVAS_MAX_WIDTH),
    height,
    background: '#04050d',
    // Everything drawn is a soft sprite (no hard geometry edges), so MSAA changes nothing
    // visible; on software GL and low-end phones it multiplies the fill cost.
    antialias: false,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    autoDensity: true,
    preference: 'webgl',
    ...PIXI_SCENE_OPTIONS,
  });
  parent.appendChild(app.canvas);
  return new GravityScene(app);
}

class GravityScene implements GravityView {
  readonly canvas: HTMLCanvasElement;
  private textures: SceneTextures;
  private camera: Camera = { x: 0, y: 0, zoom: 1 };
  private width: number;
  private height: number;

  private nebula: Sprite;
  private starField: ParticleContainer;
  private starFieldData: { x: number; y: number; base: number; phase: number; speed: number }[] = [];
  /** The parallax offset the star field's positions were last placed at (NaN: place them). */
  private starFieldPx = Number.NaN;
  private starFieldPy = Number.NaN;
  private world = new Container();
  private trailLayer: ParticleContainer;
  private pathLayer: ParticleContainer;
  private planetLayer: ParticleContainer;
  /** A faint atmosphere behind each planet so small worlds stand out from the star field. */
  private planetGlowLayer: ParticleContainer;
  private starLayer = new Container();
  private flashLayer: ParticleContainer;
  private ring: Sprite;
  /** The Galaxy mode's stars, made when a snapshot first carries them. */
  private galaxyLayer: GalaxyLayer | null = null;

  private prev: Snapshot | null = null;
  private curr: Snapshot | null = null;
  private prevAt = 0;
  private currAt = 0;
  /** For each index of `curr`, the same body's index in `prev` (-1: new). */
  private prevIndex = new Int32Array(0);
  private meta: SnapshotMeta | null = null;
  private metaVersion = -1;
  /** Body index → its planet particle or star sprites, rebuilt when metadata changes. */
  private planetOf: Particle[] = [];
  private planetGlowOf: Particle[] = [];
  private starOf: (StarSprites | null)[] = [];
  private starPool: StarSprites[] = [];
  private renderX = new Float32Array(0);
  private renderY = new Float32Array(0);
  private selectedId: number | null = null;
  private trailsVisible = true;
  private pathTrailsVisible = true;
  private trailBudget = 16_000;
  private frameMs = 16;
  private readonly quality = new AdaptiveQuality({ levels: RESOLUTION_LEVELS.length });
  private readonly baseResolution: number;
  private active = true;
  private readonly reducedMotion: boolean;
  /**
   * The shared redraw contract. This scene draws every frame, paused or not, and
   * its textures are drawn on 2D canvases, which Pixi uploads again after a lost context.
   */
  private readonly keeper: SceneCanvas;

  constructor(private app: Application) {
    this.canvas = app.canvas;
    this.baseResolution = app.renderer.resolution;
    this.keeper = new SceneCanvas(app);
    this.width = app.screen.width;
    this.height = app.screen.height;
    this.textures = createSceneTextures();
    this.reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

    this.nebula = new Sprite(this.textures.nebula);
    this.starField = new ParticleContainer({
      texture: this.textures.dot,
      // Positions move only with the camera (twinkle() re-uploads them then); alphas every frame.
      dynamicProperties: { position: false, color: true, vertex: false, rotation: false },
    });
    this.starField.blendMode = 'add';
    this.trailLayer = new ParticleContainer({
      texture: this.textures.dot,
      dynamicProperties: { position: true, color: true, vertex: true, rotation: false },
    });
    this.trailLayer.blendMode = 'add';
    this.pathLayer = new ParticleContainer({
      texture: this.textures.dot,
      dynamicProperties: { position: true, color: true, vertex: true, rotation: false },
    });
    this.pathLayer.blendMode = 'add';
    this.planetLayer = new ParticleContainer({
      texture: this.textures.planet,
      dynamicProperties: { position: true, color: true, vertex: true, rotation: false },
    });
    this.planetGlowLayer = new ParticleContainer({
      texture: this.textures.glow,
      dynamicProperties: { position: true, color: true, vertex: true, rotation: false },
    });
    this.planetGlowLayer.blendMode = 'add';
    this.flashLayer = new ParticleContainer({
      texture: this.textures.glow,
      dynamicProperties: { position: true, color: true, vertex: true, rotation: false },
    });
    this.flashLayer.blendMode = 'add';
    this.ring = new Sprite(this.textures.ring);
    this.ring.anchor.set(0.5);
    this.ring.visible = false;
    this.ring.tint = 0xffe27a;

    this.world.addChild(
      this.pathLayer,
      this.trailLayer,
      this.planetGlowLayer,
      this.planetLayer,
      this.starLayer,
      this.flashLayer,
      this.ring,
    );
    app.stage.addChild(this.nebula, this.starField, this.world);
    this.layoutBackground();
    this.applyCamera();
    app.ticker.add(this.frame);
  }

  // ---- snapshots -------------------------------------------------------------------------

  pushSnapshot(snapshot: Snapshot): SnapshotBuffers | null {
    const now = performance.now();
    const recycled = this.prev?.buffers ?? null;
    this.prev = this.curr;
    this.prevAt = this.currAt;
    this.curr = snapshot;
    this.currAt = now;
    if (snapshot.meta) this.applyMeta(snapshot.meta, snapshot.metaVersion);
    this.matchPrevious();
    this.setGalaxyShown(snapshot.galaxyCount > 0);
    return recycled;
  }

  /** Body id → its index in the previous snapshot (reused: merges change the order often). */
  private readonly idToPrevIndex = new Map<number, number>();

  private matchPrevious(): void {
    const curr = this.curr!;
    const prev = this.prev;
    if (this.prevIndex.length < curr.count)
      this.prevIndex = new Int32Array(Math.ceil(curr.count * 1.25) + 16);
    const out = this.prevIndex;
    if (!prev) {
      out.fill(-1, 0, curr.count);
      return;
    }
    const sameOrder = prev.metaVersion === curr.metaVersion && prev.count === curr.count;
    if (sameOrder) {
      for (let i = 0; i < curr.count; i++) out[i] = i;
      return;
    }
    const where = this.idToPrevIndex;
    where.clear();
    for (let i = 0; i < prev.count; i++) where.set(prev.buffers.ids[i], i);
    for (let i = 0; i < curr.count; i++) out[i] = where.get(curr.buffers.ids[i]) ?? -1;
  }

  /** Rebuilds the display objects' assignment to bodies; runs only when bodies change. */
  private applyMeta(meta: SnapshotMeta, version: number): void {
    this.meta = meta;
    this.metaVersion = version;
    const n = meta.ids.length;
    let planets = 0;
    for (let i = 0; i < n; i++) if (meta.kind[i] !== KIND_STAR) planets++;
    const particles = this.planetLayer.particleChildren as Particle[];
    while (particles.length < planets) {
      this.planetLayer.addParticle(
        new Particle({ texture: this.textures.planet, anchorX: 0.5, anchorY: 0.5, x: 0, y: 0 }),
      );
    }
    if (particles.length > planets) this.planetLayer.removeParticles(planets, particles.length);
    const glows = this.planetGlowLayer.particleChildren as Particle[];
    while (glows.length < planets) {
      this.planetGlowLayer.addParticle(
        new Particle({ texture: this.textures.glow, anchorX: 0.5, anchorY: 0.5, x: 0, y: 0 }),
      );
    }
    if (glows.length > planets) this.planetGlowLayer.removeParticles(planets, glows.length);
    this.planetGlowOf.length = n;
    this.planetOf.length = n;
    this.starOf.length = n;
    for (const s of this.starPool) s.halo.visible = s.corona.visible = s.core.visible = false;
    let p = 0;
    let s = 0;
    for (let i = 0; i < n; i++) {
      const color = meta.color[i];
      if (meta.kind[i] === KIND_STAR) {
        const sprites = this.starPool[s] ?? this.makeStar();
        s++;
        const glow = saturate(color, 4);
        sprites.halo.tint = glow;
        sprites.corona.tint = saturate(color, 1.8);
        sprites.core.tint = mixWhite(saturate(color, 1.6), 0.45);
        sprites.halo.visible = sprites.corona.visible = sprites.core.visible = true;
        this.starOf[i] = sprites;
        this.planetOf[i] = undefined as unknown as Particle;
      } else {
        // Packed colours, not the tint setter: merges rebuild this for every planet (1,000
        // on Proto Disk), and each tint write parsed a Color.
        const bgr = rgbToBgr(color);
        const glow = glows[p];
        glow.color = particleColor(bgr, 0.45);
        this.planetGlowOf[i] = glow;
        const particle = particles[p++];
        particle.color = particleColor(bgr, 1);
        this.planetOf[i] = particle;
        this.starOf[i] = null;
      }
    }
    if (this.renderX.length < n) {
      this.renderX = new Float32Array(Math.ceil(n * 1.25) + 16);
      this.renderY = new Float32Array(this.renderX.length);
    }
  }

  private makeStar(): StarSprites {
    const make = (texture: Texture, blend: 'add' | 'normal') => {
      const sprite = new Sprite(texture);
      sprite.anchor.set(0.5);
      sprite.blendMode = blend;
      this.starLayer.addChild(sprite);
      return sprite;
    };
    const sprites = {
      halo: make(this.textures.glow, 'add'),
      corona: make(this.textures.corona, 'add'),
      core: make(this.textures.starCore, 'normal'),
    };
    this.starPool.push(sprites);
    return sprites;
  }

  // ---- drawing -------------------------------------------------------------------------

  private frame = (): void => {
    const dt = this.app.ticker.deltaMS;
    this.frameMs = this.frameMs * 0.95 + dt * 0.05;
    if (this.quality.frame(dt)) {
      const resolution = this.baseResolution * RESOLUTION_LEVELS[this.quality.level];
      this.app.renderer.resize(this.width, this.height, resolution);
    }
    // Fewer trail dots when frames run long, more when there is room.
    if (this.frameMs > 22) this.trailBudget = Math.max(TRAIL_BUDGET_MIN, this.trailBudget * 0.97);
    else if (this.frameMs < 14) this.trailBudget = Math.min(TRAIL_BUDGET_MAX, this.trailBudget * 1.01);
    this.twinkle();
    const now = performance.now();
    this.drawBodies(now);
    this.drawGalaxy(now);
  };

  private setGalaxyShown(shown: boolean): void {
    if (shown && !this.galaxyLayer) {
      const t = this.textures;
      this.galaxyLayer = new GalaxyLayer(t.dot, TEXTURE_SIZE.dot, t.glow, TEXTURE_SIZE.glow);
      this.world.addChildAt(this.galaxyLayer.root, 0);
    } else if (!shown && this.galaxyLayer) {
      this.galaxyLayer.destroy();
      this.galaxyLayer = null;
    }
  }

  /** The Galaxy's stars, slid from the previous snapshot like the bodies. */
  private drawGalaxy(now: number): void {
    const layer = this.galaxyLayer;
    const curr = this.curr;
    if (!layer || !curr || curr.galaxyCount === 0) return;
    const prev = this.prev;
    const span = this.currAt - this.prevAt;
    const t = prev && span > 0 ? Math.min(1, (now - this.currAt) / span) : 1;
    const from = prev && prev.galaxyCount === curr.galaxyCount ? prev.buffers.galaxy : null;
    layer.draw(from, curr.buffers.galaxy, curr.galaxyCount, t, this.camera.zoom);
  }

  private drawBodies(now: number): void {
    const curr = this.curr;
    const meta = this.meta;
    if (!curr || !meta || curr.metaVersion !== this.metaVersion) return;
    const prev = this.prev;
    const span = this.currAt - this.prevAt;
    // Draw one snapshot interval behind, sliding from prev to curr: smooth at any refresh rate.
    const t = prev && span > 0 ? Math.min(1, (now - this.currAt) / span) : 1;
    const cb = curr.buffers.bodies;
    const pb = prev?.buffers.bodies;
    const zoom = this.camera.zoom;
    const minPlanetScale = PLANET_MIN_PX / zoom / TEXTURE_SIZE.planet;
    const flashes = this.flashLayer.particleChildren as Particle[];
    let flashCount = 0;
    const n = curr.count;
    for (let i = 0; i < n; i++) {
      const o = i * BODY_STRIDE;
      const j = this.prevIndex[i];
      let x = cb[o + B_X];
      let y = cb[o + B_Y];
      if (pb && j >= 0) {
        const q = j * BODY_STRIDE;
        x = lerp(pb[q + B_X], x, t);
        y = lerp(pb[q + B_Y], y, t);
      }
      this.renderX[i] = x;
      this.renderY[i] = y;
      const r = cb[o + B_RADIUS];
      const star = this.starOf[i];
      if (star) {
        star.core.position.set(x, y);
        star.core.scale.set((r * 2.15) / TEXTURE_SIZE.starCore);
        star.halo.position.set(x, y);
        star.halo.scale.set((r * 10) / TEXTURE_SIZE.glow);
        star.halo.alpha = 0.85;
        star.corona.position.set(x, y);
        star.corona.scale.set((r * 4.4) / TEXTURE_SIZE.corona);
        star.corona.rotation = cb[o + B_ANGLE];
        star.corona.alpha = 0.7;
      } else {
        const particle = this.planetOf[i];
        if (particle) {
          particle.x = x;
          particle.y = y;
          const scale = Math.max((r * 2) / TEXTURE_SIZE.planet, minPlanetScale);
          particle.scaleX = scale;
          particle.scaleY = scale;
          const glow = this.planetGlowOf[i];
          glow.x = x;
          glow.y = y;
          glow.scaleX = glow.scaleY = scale * 3.2 * (TEXTURE_SIZE.planet / TEXTURE_SIZE.glow);
        }
      }
      const flash = cb[o + B_FLASH];
      if (flash > 0) {
        let particle = flashes[flashCount];
        if (!particle) {
          particle = new Particle({ texture: this.textures.glow, anchorX: 0.5, anchorY: 0.5 });
          this.flashLayer.addParticle(particle);
        }
        flashCount++;
        particle.x = x;
        particle.y = y;
        const size = (r * (4 + 6 * (1 - flash))) / TEXTURE_SIZE.glow;
        particle.scaleX = particle.scaleY = Math.max(size, (6 / zoom / TEXTURE_SIZE.glow) * 4);
        particle.tint = 0xfff2cc;
        particle.alpha = flash;
      }
    }
    if (flashes.length > flashCount) this.flashLayer.removeParticles(flashCount, flashes.length);
    this.drawPathTrails(curr, meta);
    this.drawTrails(curr, meta);
    this.drawSelection();
  }

  private drawTrails(curr: Snapshot, meta: SnapshotMeta): void {
    const dots = this.trailLayer.particleChildren as Particle[];
    if (!this.trailsVisible || !curr.trailsIncluded) {
      if (dots.length) this.trailLayer.removeParticles(0, dots.length);
      return;
    }
    const n = curr.count;
    const { trails, trailLen } = curr.buffers;
    const perBody = Math.max(8, Math.min(TRAIL_MAX_POINTS, Math.floor(this.trailBudget / Math.max(1, n))));
    const scale = TRAIL_DOT_PX / this.camera.zoom / TEXTURE_SIZE.dot;
    let used = 0;
    for (let i = 0; i < n; i++) {
      const len = trailLen[i];
      const m = Math.min(len, perBody);
      if (m < 2) continue;
      const star = meta.kind[i] === KIND_STAR;
      const bgr = rgbToBgr(mixWhite(meta.color[i], star ? 0.2 : 0.1));
      const peak = star ? 0.35 : 0.6;
      const base = i * TRAIL_MAX_POINTS * 2;
      for (let k = len - m; k < len; k++) {
        let dot = dots[used];
        if (!dot) {
          dot = new Particle({ texture: this.textures.dot, anchorX: 0.5, anchorY: 0.5 });
          this.trailLayer.addParticle(dot);
        }
        used++;
        dot.x = trails[base + k * 2];
        dot.y = trails[base + k * 2 + 1];
        dot.scaleX = dot.scaleY = scale;
        // Fades towards the tail.
        const age = (k - (len - m) + 1) / m;
        dot.color = particleColor(bgr, age * age * peak);
      }
    }
    if (dots.length > used) this.trailLayer.removeParticles(used, dots.length);
  }

  /** Each planet's path over the longer span: thin, faint dots of its colour, evenly bright. */
  private drawPathTrails(curr: Snapshot, meta: SnapshotMeta): void {
    const dots = this.pathLayer.particleChildren as Particle[];
    if (!this.pathTrailsVisible || !curr.pathTrailsIncluded) {
      if (dots.length) this.pathLayer.removeParticles(0, dots.length);
      return;
    }
    const n = curr.count;
    const { pathTrails, pathTrailLen } = curr.buffers;
    const perBody = Math.max(16, Math.min(PATH_TRAIL_MAX_POINTS, Math.floor(PATH_BUDGET / Math.max(1, n))));
    const scale = PATH_DOT_PX / this.camera.zoom / TEXTURE_SIZE.dot;
    let used = 0;
    for (let i = 0; i < n; i++) {
      const len = pathTrailLen[i];
      const m = Math.min(len, perBody);
      if (m < 2) continue;
      const bgr = rgbToBgr(mixWhite(meta.color[i], 0.25));
      const base = i * PATH_TRAIL_MAX_POINTS * 2;
      for (let k = len - m; k < len; k++) {
        let dot = dots[used];
        if (!dot) {
          dot = new Particle({ texture: this.textures.dot, anchorX: 0.5, anchorY: 0.5 });
          this.pathLayer.addParticle(dot);
        }
        used++;
        dot.x = pathTrails[base + k * 2];
        dot.y = pathTrails[base + k * 2 + 1];
        dot.scaleX = dot.scaleY = scale;
        // Faint throughout, a little brighter towards the planet.
        dot.color = particleColor(bgr, 0.16 + 0.18 * ((k - (len - m) + 1) / m));
      }
    }
    if (dots.length > used) this.pathLayer.removeParticles(used, dots.length);
  }

  private drawSelection(): void {
    const curr = this.curr;
    if (this.selectedId === null || !curr) {
      this.ring.visible = false;
      return;
    }
    const i = this.indexOfId(this.selectedId);
    if (i < 0) {
      this.ring.visible = false;
      return;
    }
    const r = curr.buffers.bodies[i * BODY_STRIDE + B_RADIUS];
    const px = Math.max(r * this.camera.zoom * 2 + 14, 22);
    this.ring.visible = true;
    this.ring.position.set(this.renderX[i], this.renderY[i]);
    this.ring.scale.set(px / this.camera.zoom / TEXTURE_SIZE.ring);
    this.ring.rotation += this.reducedMotion ? 0 : 0.01;
  }

  private indexOfId(id: number): number {
    const curr = this.curr;
    if (!curr) return -1;
    const ids = curr.buffers.ids;
    for (let i = 0; i < curr.count; i++) if (ids[i] === id) return i;
    return -1;
  }

  // ---- background ----------------------------------------------------------------------

  private layoutBackground(): void {
    const { width, height } = this;
    const cover = Math.max(width, height);
    this.nebula.width = cover * 1.15;
    this.nebula.height = cover * 1.15;
    this.nebula.position.set((width - this.nebula.width) / 2, (height - this.nebula.height) / 2);
    const count = Math.round(Math.min(STAR_FIELD_MAX, Math.max(STAR_FIELD_MIN, (width * height) / 1200)));
    this.starField.removeParticles(0, this.starField.particleChildren.length);
    this.starFieldData = [];
    this.starFieldPx = Number.NaN;
    const tints = [0xffffff, 0xdfe7ff, 0xfff1d8, 0xcfd9ff, 0xffe2c4];
    for (let k = 0; k < count; k++) {
      const big = Math.random() < 0.06;
      const size = (big ? 2.2 : 0.8 + Math.random() * 1.0) / TEXTURE_SIZE.dot;
      const d = {
        x: Math.random() * width,
        y: Math.random() * height,
        base: big ? 0.75 : 0.15 + Math.random() * 0.4,
        phase: Math.random() * Math.PI * 2,
        speed: 0.4 + Math.random() * 1.6,
      };
      this.starFieldData.push(d);
      this.starField.addParticle(
        new Particle({
          texture: this.textures.dot,
          x: d.x,
          y: d.y,
          scaleX: size * 1.4,
          scaleY: size * 1.4,
          anchorX: 0.5,
          anchorY: 0.5,
          tint: tints[k % tints.length],
          alpha: d.base,
        }),
      );
    }
  }

  private twinkle(): void {
    const stars = this.starField.particleChildren as Particle[];
    const time = performance.now() / 1000;
    // A hint of parallax: the far field drifts a little when the camera pans (not under
    // prefers-reduced-motion).
    const drift = this.reducedMotion ? 0 : 0.04 * this.camera.zoom;
    const px = -this.camera.x * drift;
    const py = -this.camera.y * drift;
    const { width, height } = this;
    if (px !== this.starFieldPx || py !== this.starFieldPy) {
      this.starFieldPx = px;
      this.starFieldPy = py;
      for (let k = 0; k < stars.length; k++) {
        const d = this.starFieldData[k];
        stars[k].x = (((d.x + px) % width) + width) % width;
        stars[k].y = (((d.y + py) % height) + height) % height;
      }
      this.starField.update();
    }
    if (this.reducedMotion) return;
    for (let k = 0; k < stars.length; k++) {
      const d = this.starFieldData[k];
      stars[k].alpha = d.base * (0.75 + 0.25 * Math.sin(time * d.speed + d.phase));
    }
  }

  // ---- camera & input helpers ----------------------------------------------------------

  getCamera(): Camera {
    return { ...this.camera };
  }

  setCamera(camera: Partial<Camera>): void {
    Object.assign(this.camera, camera);
    this.camera.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, this.camera.zoom));
    this.applyCamera();
  }

  zoomAt(sx: number, sy: number, factor: number): void {
    const before = this.screenToWorld(sx, sy);
    this.camera.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, this.camera.zoom * factor));
    this.applyCamera();
    const after = this.screenToWorld(sx, sy);
    this.camera.x += before.x - after.x;
    this.camera.y += before.y - after.y;
    this.applyCamera();
  }

  private applyCamera(): void {
    const { x, y, zoom } = this.camera;
    this.world.scale.set(zoom);
    this.world.position.set(this.width / 2 - x * zoom, this.height / 2 - y * zoom);
  }

  screenToWorld(sx: number, sy: number): { x: number; y: number } {
    const { x, y, zoom } = this.camera;
    return { x: (sx - this.width / 2) / zoom + x, y: (sy - this.height / 2) / zoom + y };
  }

  bodyAt(wx: number, wy: number, slopPx: number): number | null {
    const curr = this.curr;
    if (!curr) return null;
    const slop = slopPx / this.camera.zoom;
    let best: number | null = null;
    let bestGap = Infinity;
    for (let i = 0; i < curr.count; i++) {
      const r = curr.buffers.bodies[i * BODY_STRIDE + B_RADIUS];
      const d = Math.hypot(this.renderX[i] - wx, this.renderY[i] - wy);
      const gap = d - Math.max(r, 0);
      if (gap <= slop && gap < bestGap) {
        bestGap = gap;
        best = curr.buffers.ids[i];
      }
    }
    return best;
  }

  setSelected(id: number | null): void {
    this.selectedId = id;
  }

  setTrailsVisible(visible: boolean): void {
    this.trailsVisible = visible;
  }

  setPathTrailsVisible(visible: boolean): void {
    this.pathTrailsVisible = visible;
  }

  resize(width: number, height: number): void {
    const w = Math.max(1, Math.min(CANVAS_MAX_WIDTH, Math.floor(width)));
    const h = Math.max(1, Math.floor(height));
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    this.app.renderer.resize(w, h);
    this.layoutBackground();
    this.applyCamera();
  }

  setActive(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    if (active) this.app.ticker.start();
    else this.app.ticker.stop();
  }

  destroy(): void {
    this.keeper.dispose();
    this.app.ticker.remove(this.frame);
    this.app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
  }
}
