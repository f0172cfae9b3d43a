// The server's Content-Security-Policy forbids eval: Pixi's CSP-safe shader/uniform paths.
import 'pixi.js/unsafe-eval';
import { Application, Container, Particle, ParticleContainer, Sprite, type Texture } from 'pixi.js';
import { AdaptiveQuality } from '../../../lib/pure/adaptiveQuality.ts';
import { lerp } from '../../../lib/pure/math.ts';
import type {
  GameScene,
  SceneCanvas,
  SceneEnvironment,
  SceneViewport,
} from '../../../lib/runtime/GameScene.ts';
import { initSceneApp } from '../../../lib/sceneApp.ts';
import { SceneCanvas as SceneCanvasKeeper } from '../../../lib/sceneCanvas.ts';
import { KIND_STAR } from '../engine/bodyTypes.ts';
import { CANVAS_MAX_WIDTH, PATH_TRAIL_MAX_POINTS, TRAIL_MAX_POINTS } from '../engine/constants.ts';
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
  transferablesOf,
} from '../engine/snapshot.ts';
import { type Camera, clampZoom } from './camera.ts';
import { GalaxyLayer } from './GalaxyLayer.ts';
import { GRAVITY_HUD_MS, type GravityHud } from './hud.ts';
import { StarField } from './StarField.ts';
import { createSceneTextures, type SceneTextures, TEXTURE_SIZE } from './textures.ts';
import { mixWhite, particleColor, rgbToBgr, saturate } from './tints.ts';
import { TrailBudget } from './trailBudget.ts';

/** What the page sends the scene: the view it owns and what to show. */
export type GravitySceneInput =
  | { type: 'camera'; camera: Camera }
  | { type: 'select'; id: number | null }
  | { type: 'trails'; visible: boolean }
  | { type: 'pathTrails'; visible: boolean };

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

/**
 * Render resolution (× the device's, up to 2) by quality level: frames on slow renderers
 * are bound by pixels filled (the nebula, additive glows), so a slow device draws fewer.
 */
const RESOLUTION_LEVELS = [1, 0.75, 0.5];

/**
 * Gravity's picture: the bodies slid between the last two snapshots, their trails, the
 * Galaxy's stars, a twinkling star field and the selection ring. Touches no DOM, so the
 * same class draws in the render worker and, as the fallback, on the page.
 */
export class GravityScene implements GameScene<Snapshot, GravitySceneInput, GravityHud, SnapshotBuffers> {
  readonly hudIntervalMs = GRAVITY_HUD_MS;
  private app = new Application();
  private textures!: SceneTextures;
  private camera: Camera = { x: 0, y: 0, zoom: 1 };
  private width = 1;
  private height = 1;
  private resolution = 1;

  private sky!: StarField;
  private world = new Container();
  private trailLayer!: ParticleContainer;
  private pathLayer!: ParticleContainer;
  private planetLayer!: ParticleContainer;
  /** A faint atmosphere behind each planet so small worlds stand out from the star field. */
  private planetGlowLayer!: ParticleContainer;
  private starLayer = new Container();
  private flashLayer!: ParticleContainer;
  private ring!: Sprite;
  /** The Galaxy mode's stars, made when a snapshot first carries them. */
  private galaxyLayer: GalaxyLayer | null = null;

  private prev: Snapshot | null = null;
  private curr: Snapshot | null = null;
  /** The newest input a drawn frame has shown (GameScene.shownInput). */
  private shown = 0;
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
  private readonly trailBudget = new TrailBudget();
  private lastFrameAt = Number.NaN;
  private readonly quality = new AdaptiveQuality({ levels: RESOLUTION_LEVELS.length });
  private reducedMotion = false;
  /**
   * The shared redraw contract. This scene draws every frame, paused or not, and
   * its textures are drawn on 2D canvases, which Pixi uploads again after a lost context.
   */
  private keeper: SceneCanvasKeeper | null = null;

  async init(canvas: SceneCanvas, viewport: SceneViewport, environment: SceneEnvironment): Promise<void> {
    this.width = Math.max(1, Math.min(CANVAS_MAX_WIDTH, Math.floor(viewport.width)));
    this.height = Math.max(1, Math.floor(viewport.height));
    this.resolution = viewport.resolution;
    this.reducedMotion = environment.reducedMotion;
    const app = this.app;
    await initSceneApp(
      app,
      canvas,
      { width: this.width, height: this.height, resolution: this.resolution },
      {
        background: '#04050d',
      },
    );
    this.keeper = new SceneCanvasKeeper(app);
    this.textures = createSceneTextures();

    this.sky = new StarField(this.textures);
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
    app.stage.addChild(this.sky.nebula, this.sky.stars, this.world);
    this.sky.layout(this.width, this.height);
    this.applyCamera();
  }

  // ---- snapshots -------------------------------------------------------------------------

  /** Takes a fresh snapshot; returns the buffers it no longer needs (to hand back to the engine). */
  push(snapshot: Snapshot): SnapshotBuffers | undefined {
    const recycled = this.prev?.buffers;
    this.prev = this.curr;
    this.curr = snapshot;
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

  draw(alpha: number, now: number): void {
    const dt = Number.isNaN(this.lastFrameAt) ? 16 : Math.min(now - this.lastFrameAt, 1000);
    this.lastFrameAt = now;
    if (this.quality.frame(dt)) this.applyResolution();
    this.trailBudget.frame(dt);
    this.sky.twinkle(now, this.camera, this.reducedMotion);
    this.drawBodies(alpha);
    this.drawGalaxy(alpha);
    this.app.render();
    // The bodies just drawn are the newest snapshot's (when its metadata has arrived).
    const curr = this.curr;
    if (curr && curr.metaVersion === this.metaVersion) this.shown = Math.max(this.shown, curr.input ?? 0);
  }

  /** The newest player input (`markInput` number) the frame just drawn shows. */
  shownInput(): number {
    return this.shown;
  }

  private applyResolution(): void {
    this.app.renderer.resize(
      this.width,
      this.height,
      this.resolution * RESOLUTION_LEVELS[this.quality.level],
    );
  }

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
  private drawGalaxy(t: number): void {
    const layer = this.galaxyLayer;
    const curr = this.curr;
    if (!layer || !curr || curr.galaxyCount === 0) return;
    const prev = this.prev;
    const from = prev && prev.galaxyCount === curr.galaxyCount ? prev.buffers.galaxy : null;
    layer.draw(from, curr.buffers.galaxy, curr.galaxyCount, t, this.camera.zoom);
  }

  /** `t`: how far from the previous snapshot to the newest (the runtime's alpha). */
  private drawBodies(t: number): void {
    const curr = this.curr;
    const meta = this.meta;
    if (!curr || !meta || curr.metaVersion !== this.metaVersion) return;
    const prev = this.prev;
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
    const perBody = Math.max(
      8,
      Math.min(TRAIL_MAX_POINTS, Math.floor(this.trailBudget.points / Math.max(1, n))),
    );
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

  // ---- what the page sends ------------------------------------------------------------

  input(input: GravitySceneInput): void {
    switch (input.type) {
      case 'camera':
        this.camera = { ...input.camera, zoom: clampZoom(input.camera.zoom) };
        this.applyCamera();
        break;
      case 'select':
        this.selectedId = input.id;
        break;
      case 'trails':
        this.trailsVisible = input.visible;
        break;
      case 'pathTrails':
        this.pathTrailsVisible = input.visible;
        break;
    }
  }

  hud(): GravityHud {
    const s = this.curr;
    if (!s) return { bodies: 0, step: 0, motion: 0 };
    let motion = 0;
    for (let i = 0; i < Math.min(s.count, 32); i++) {
      motion +=
        Math.abs(s.buffers.bodies[i * BODY_STRIDE + B_X]) + Math.abs(s.buffers.bodies[i * BODY_STRIDE + B_Y]);
    }
    for (let i = 1; i < Math.min(s.galaxyCount, 33); i++) {
      motion += Math.abs(s.buffers.galaxy[i * 2]) + Math.abs(s.buffers.galaxy[i * 2 + 1]);
    }
    return { bodies: s.count + s.galaxyCount, step: s.step, motion };
  }

  private applyCamera(): void {
    const { x, y, zoom } = this.camera;
    this.world.scale.set(zoom);
    this.world.position.set(this.width / 2 - x * zoom, this.height / 2 - y * zoom);
  }

  resize(viewport: SceneViewport): void {
    const w = Math.max(1, Math.min(CANVAS_MAX_WIDTH, Math.floor(viewport.width)));
    const h = Math.max(1, Math.floor(viewport.height));
    if (w === this.width && h === this.height && viewport.resolution === this.resolution) return;
    this.width = w;
    this.height = h;
    this.resolution = viewport.resolution;
    this.applyResolution();
    this.sky.layout(this.width, this.height);
    this.applyCamera();
  }

  setEnvironment(environment: SceneEnvironment): void {
    this.reducedMotion = environment.reducedMotion;
  }

  destroy(): void {
    this.keeper?.dispose();
    // The canvas element (if any) is the page's to remove.
    this.app.destroy({ removeView: false }, { children: true, texture: true, textureSource: true });
  }
}

/** What the render host runs: the same in the render worker and on the page's thread. */
export const gravityRenderOptions = { createScene: () => new GravityScene(), transferOf: transferablesOf };
