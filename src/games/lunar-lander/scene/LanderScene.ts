// The server's CSP forbids eval: Pixi's eval-free shader/uniform paths.
import 'pixi.js/unsafe-eval';
import { Application, Container, FillGradient, Graphics, Sprite } from 'pixi.js';
import { AdaptiveQuality } from '../../../lib/pure/adaptiveQuality.ts';
import type {
  GameScene,
  SceneEnvironment,
  SceneCanvas as SceneTarget,
  SceneViewport,
} from '../../../lib/runtime/GameScene.ts';
import { SceneStillness } from '../../../lib/runtime/SceneStillness.ts';
import { initSceneApp } from '../../../lib/sceneApp.ts';
import { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import {
  heightAt,
  INPUT_LEFT,
  INPUT_RIGHT,
  INPUT_THRUST,
  type LanderTickSnapshot,
  sameTerrain,
  type Terrain,
  WORLD_HEIGHT,
  WORLD_WIDTH,
} from '../engine/index.ts';
import { interpolateGhosts } from '../engine/snapshot.ts';
import {
  buildFlame,
  buildLanderBody,
  buildSideJet,
  MOON_DARK,
  MOON_LIGHT,
  RIM,
  SKY_BASE,
  skyTexture,
  softDotTexture,
} from './artwork.ts';
import { GhostLayer } from './GhostLayer.ts';
import { SmokeAndFire } from './smokeAndFire.ts';

/** Visible world height (units) the camera fits, and the narrowest slice it shows on phones. */
const VIEW_HEIGHT = WORLD_HEIGHT;
const MIN_VIEW_WIDTH = 150;
/** Terrain drawn past the world's ends so wide screens see ground, not a cliff. */
const EXTEND = 500;

/**
 * Quality levels for slow renderers (see AdaptiveQuality): level 0 is the full look; then
 * the sky wash goes (a full-screen textured pass; the plain base colour stays), then the
 * render resolution drops. Frames on software GL are bound by pixels filled, not by JS.
 */
const QUALITY_LEVELS: { wash: boolean; resolution: number }[] = [
  { wash: true, resolution: 1 },
  { wash: false, resolution: 1 },
  { wash: false, resolution: 0.75 },
  { wash: false, resolution: 0.5 },
];

/**
 * No snapshot from the engine for this long: the menu, a pause, the card after a landing.
 * With reduced motion nothing then moves (no twinkle, no blinking lights), so once the
 * particles and the camera have settled the scene draws one last frame and stops.
 */
const QUIET_MS = 250;

/** A gap between drawn frames longer than this is a paused page: effects do not jump ahead over it. */
const MAX_FRAME_GAP_MS = 250;

/**
 * The Pixi side of Lunar Lander: builds display objects once and moves them to match
 * the engine host's snapshots (drawn between the last two). Graphics are rebuilt only
 * when shapes change: the sky on resize, the terrain when the level changes. Touches no
 * DOM: it runs in the render worker on an OffscreenCanvas, or on the page's canvas
 * (`?render=main`), and is handed the canvas, sizes and the motion setting as data.
 */
export class LanderScene implements GameScene<LanderTickSnapshot> {
  readonly app = new Application();
  private readonly root = new Container();
  private readonly sky = new Container();
  private skyWash: Sprite | null = null;
  private readonly stars = new Graphics();
  private readonly twinkles = new Graphics();
  private readonly earth = new Graphics();
  private readonly world = new Container();
  private readonly terrainGfx = new Graphics();
  private readonly beacon = new Graphics();
  private readonly platformGfx = new Graphics();
  private readonly lights: Graphics[] = [];
  private readonly lander = new Container();
  private readonly body = buildLanderBody();
  private readonly flame = buildFlame();
  private readonly jetLeft = buildSideJet();
  private readonly jetRight = buildSideJet();
  private readonly pointer = new Graphics();
  private readonly flash = new Graphics();
  private readonly ghostLayer = new GhostLayer();
  /** Exhaust, dust and explosions: made in `init`, with the renderer (their dot is a texture). */
  private particles!: SmokeAndFire;
  private prev: LanderTickSnapshot | null = null;
  private curr: LanderTickSnapshot | null = null;
  /** The input number the last drawn frame shows (its snapshot applied it). */
  private shown = 0;
  private reducedMotion = false;
  private terrain: Terrain | null = null;
  private viewW = 0;
  private viewH = 0;
  private scale = 1;
  private camX = WORLD_WIDTH / 2;
  private time = 0;
  private shake = 0;
  private flashAlpha = 0;
  private destroyed = false;
  private initialized = false;
  private frameAvg = 1 / 60;
  /** The last frame left something moving: particles, the flash, the shake, the camera's glide. */
  private moving = true;
  private readonly quality = new AdaptiveQuality({ levels: QUALITY_LEVELS.length });
  /** With reduced motion, a quiet scene (see QUIET_MS) with nothing moving is drawn once. */
  private readonly stillness = new SceneStillness(QUIET_MS, this.quality);
  private baseResolution = 1;
  /**
   * The shared redraw contract: a still scene (see QUIET_MS) draws again after a resize or a
   * restored context. The textures are drawn on 2D canvases, which Pixi uploads again.
   */
  private keeper: SceneCanvas | null = null;

  async init(canvas: SceneTarget, viewport: SceneViewport, environment: SceneEnvironment): Promise<void> {
    this.baseResolution = viewport.resolution;
    this.reducedMotion = environment.reducedMotion;
    await initSceneApp(this.app, canvas, viewport, { background: SKY_BASE });
    this.initialized = true;
    this.keeper = new SceneCanvas(this.app, { redraw: () => this.stillness.invalidate() });

    this.particles = new SmokeAndFire(softDotTexture(), (x) => this.groundAt(x));

    this.skyWash = new Sprite(skyTexture());
    this.sky.addChild(this.skyWash, this.stars, this.twinkles, this.earth);
    this.lander.addChild(this.flame, this.jetLeft, this.jetRight, this.body);
    this.flame.position.set(0, -4.1);
    this.jetLeft.position.set(4, 1.85); // fires to the right of the lander → pushes left
    this.jetRight.position.set(-4, 1.85);
    this.jetRight.scale.x = -1;
    for (let i = 0; i < 2; i++) this.lights.push(new Graphics().circle(0, 0, 0.9).fill(0xfff2a8));
    this.world.addChild(this.beacon, this.terrainGfx, this.platformGfx, ...this.lights);
    const { smokeView, fireView } = this.particles;
    this.world.addChild(smokeView, this.ghostLayer.view, this.lander, fireView);
    this.root.addChild(this.sky, this.world, this.pointer, this.flash);
    this.app.stage.addChild(this.root);
    this.pointer.poly([0, -10, 14, 0, 0, 10]).fill({ color: 0xffd84a, alpha: 0.9 });
    this.pointer.visible = false;
    this.layout();
  }

  resize(viewport: SceneViewport): void {
    if (!this.initialized || this.destroyed) return;
    this.baseResolution = viewport.resolution;
    const resolution = this.baseResolution * QUALITY_LEVELS[this.quality.level].resolution;
    this.app.renderer.resize(viewport.width, viewport.height, resolution);
  }

  setEnvironment(environment: SceneEnvironment): void {
    this.reducedMotion = environment.reducedMotion;
    this.stillness.invalidate();
  }

  /**
   * The newest state; a touchdown sets off dust or an explosion where it happened. A new
   * attempt is drawn where it starts, not slid to from where the last one ended.
   */
  push(snapshot: LanderTickSnapshot): void {
    const curr = this.curr;
    this.prev = curr && curr.attempt === snapshot.attempt ? curr : snapshot;
    this.curr = snapshot;
    this.stillness.snapshot();
    if (!this.initialized || this.destroyed) return;
    if (!sameTerrain(this.terrain, snapshot.terrain)) this.setTerrain(snapshot.terrain);
    const { x, y, vx, vy } = snapshot.lander;
    if (snapshot.touchdown === 'landed') this.particles.dust(x, y);
    else if (snapshot.touchdown === 'crashed') this.explode(x, y, vx, vy);
  }

  private groundAt(x: number): number {
    return this.terrain ? heightAt(this.terrain, x) : -1000;
  }

  private layout(): void {
    const w = this.app.screen.width;
    const h = this.app.screen.height;
    this.viewW = w;
    this.viewH = h;
    // Leave room for the HUD bar at the top: the lander must never fly under it.
    const inset = w < 640 ? 70 : 52;
    this.scale = Math.min((h - inset) / VIEW_HEIGHT, Math.max(w / WORLD_WIDTH, w / MIN_VIEW_WIDTH));
    this.buildSky(w, h);
    this.flash.clear().rect(0, 0, w, h).fill(0xfff4d6);
    this.flash.alpha = this.flashAlpha;
  }

  private applyQuality(): void {
    const q = QUALITY_LEVELS[this.quality.level];
    if (this.skyWash) this.skyWash.visible = q.wash;
    const resolution = this.baseResolution * q.resolution;
    if (resolution !== this.app.renderer.resolution)
      this.app.renderer.resize(this.app.screen.width, this.app.screen.height, resolution);
  }

  private buildSky(w: number, h: number): void {
    this.skyWash?.setSize(w, h);
    const s = this.stars.clear();
    const count = Math.round((w * h) / 2600);
    for (let i = 0; i < count; i++) {
      const r = Math.random() < 0.9 ? 0.6 + Math.random() * 0.5 : 1.2 + Math.random() * 0.6;
      const tint = [0xffffff, 0xdfe6ff, 0xfff1d6, 0xcdd8ff][i % 4];
      s.circle(Math.random() * w, Math.random() * h, r).fill({
        color: tint,
        alpha: 0.35 + Math.random() * 0.6,
      });
    }
    const t = this.twinkles.clear();
    for (let i = 0; i < Math.max(8, count / 20); i++) {
      const x = Math.random() * w;
      const y = Math.random() * h * 0.8;
      t.circle(x, y, 1.4).fill(0xffffff);
      t.rect(x - 4, y - 0.35, 8, 0.7).fill({ color: 0xffffff, alpha: 0.6 });
      t.rect(x - 0.35, y - 4, 0.7, 8).fill({ color: 0xffffff, alpha: 0.6 });
    }
    // Earth, half lit, high in the sky.
    const e = this.earth.clear();
    const r = Math.max(14, Math.min(w, h) * 0.045);
    e.circle(0, 0, r * 1.25).fill({ color: 0x4f8cff, alpha: 0.12 });
    e.circle(0, 0, r).fill(0x2f6fe0);
    e.ellipse(-r * 0.25, -r * 0.2, r * 0.45, r * 0.3).fill(0x3fae6a);
    e.ellipse(r * 0.35, r * 0.35, r * 0.3, r * 0.22).fill(0x3fae6a);
    e.ellipse(-r * 0.1, r * 0.55, r * 0.6, r * 0.12).fill({ color: 0xffffff, alpha: 0.7 });
    e.ellipse(r * 0.1, -r * 0.6, r * 0.5, r * 0.1).fill({ color: 0xffffff, alpha: 0.6 });
    const shade: number[] = [];
    for (let i = 0; i <= 24; i++) {
      const a = -Math.PI / 2 + (Math.PI * i) / 24;
      shade.push(Math.cos(a) * r, Math.sin(a) * r);
    }
    for (let i = 24; i >= 0; i--) {
      const a = -Math.PI / 2 + (Math.PI * i) / 24;
      shade.push(Math.cos(a) * r * 0.25, Math.sin(a) * r);
    }
    e.poly(shade).fill({ color: 0x050312, alpha: 0.72 });
    this.earth.position.set(w * 0.8, Math.max(r * 2, h * 0.14));
  }

  /** Rebuilds the ground and the platform (once per level). */
  private setTerrain(terrain: Terrain): void {
    if (sameTerrain(this.terrain, terrain)) return;
    this.terrain = terrain;
    this.particles.clear();
    const { xs, ys, platform } = terrain;
    // Beyond the world's ends, mirror the ground so wide screens see a landscape.
    const pts: number[] = [];
    for (let i = xs.length - 1; i > 0; i--) if (-xs[i] > -EXTEND) pts.push(-xs[i], ys[i]);
    for (let i = 0; i < xs.length; i++) pts.push(xs[i], ys[i]);
    for (let i = xs.length - 2; i >= 0; i--) {
      const x = 2 * WORLD_WIDTH - xs[i];
      if (x < WORLD_WIDTH + EXTEND) pts.push(x, ys[i]);
    }
    const outline = pts;

    const g = this.terrainGfx.clear();
    // Strata: the ridge line repeated lower and darker, so the ground has depth. Each band
    // is a ribbon between its ridge line and the next one down (not a polygon to the
    // bottom under the next), so every ground pixel is filled once: fill rate is what
    // slow GPUs run out of.
    const strata: [number, number][] = [
      [0, MOON_LIGHT],
      [5, 0x726c92],
      [16, 0x575273],
      [34, 0x3c3754],
      [60, MOON_DARK],
    ];
    for (let k = 0; k < strata.length; k++) {
      const [drop, color] = strata[k];
      const band: number[] = [];
      for (let i = 0; i < outline.length; i += 2) band.push(outline[i], outline[i + 1] - drop);
      const next = strata[k + 1];
      if (next) {
        for (let i = outline.length - 2; i >= 0; i -= 2) band.push(outline[i], outline[i + 1] - next[0]);
      } else {
        band.push(band[band.length - 2], -60, band[0], -60);
      }
      g.poly(band).fill(color);
    }
    // Craters and rocks: cosmetic, so Math.random is fine here.
    for (let i = 0; i < 60; i++) {
      const x = -EXTEND / 2 + Math.random() * (WORLD_WIDTH + EXTEND);
      if (x > platform.x0 - 6 && x < platform.x1 + 6) continue;
      const top = heightAt(
        terrain,
        Math.min(WORLD_WIDTH, Math.max(0, x < 0 ? -x : x > WORLD_WIDTH ? 2 * WORLD_WIDTH - x : x)),
      );
      const depth = 3 + Math.random() * 40;
      const rx = 1.5 + Math.random() * 4;
      g.ellipse(x, top - depth, rx, rx * 0.35).fill({ color: 0x15121f, alpha: 0.35 });
      g.ellipse(x, top - depth + rx * 0.12, rx * 0.8, rx * 0.22).fill({ color: 0xb7b1d4, alpha: 0.12 });
    }
    // Lit rim along the surface.
    g.moveTo(outline[0], outline[1]);
    for (let i = 2; i < outline.length; i += 2) g.lineTo(outline[i], outline[i + 1]);
    g.stroke({ width: 0.7, color: RIM, alpha: 0.85, join: 'round' });

    // Platform: a metal deck with hazard stripes, lit from above.
    const p = this.platformGfx.clear();
    const w = platform.x1 - platform.x0;
    p.rect(platform.x0, platform.y - 3.2, w, 3.2).fill(0x39404f);
    p.rect(platform.x0, platform.y - 0.9, w, 0.9).fill(0xc9d1de);
    p.rect(platform.x0, platform.y - 0.25, w, 0.25).fill(0xffffff);
    const stripe = 2.2;
    for (let x = platform.x0; x < platform.x1 - 0.5; x += stripe * 2) {
      const x1 = Math.min(platform.x1, x + stripe);
      p.poly([
        x,
        platform.y - 1.2,
        x1,
        platform.y - 1.2,
        Math.max(x, x1 - 0.8),
        platform.y - 3,
        x - 0.0,
        platform.y - 3,
      ]).fill(0xffc83d);
    }
    p.poly([
      platform.x0 + 1,
      platform.y - 3.2,
      platform.x1 - 1,
      platform.y - 3.2,
      platform.x1 - 3,
      platform.y - 9,
      platform.x0 + 3,
      platform.y - 9,
    ]).fill({ color: 0x22202c, alpha: 0.9 });

    // A soft light cone over the pad: stacked translucent trapezoids, faded upwards.
    const b = this.beacon.clear();
    for (let i = 0; i < 5; i++) {
      const spread = 2 + i * 2.5;
      const glow = new FillGradient({
        type: 'linear',
        start: { x: 0, y: 0 },
        end: { x: 0, y: 1 },
        colorStops: [
          { offset: 0, color: 'rgba(255,214,110,0.13)' },
          { offset: 1, color: 'rgba(255,214,110,0)' },
        ],
        textureSpace: 'local',
      });
      const top = 18 + i * 7;
      b.poly([
        platform.x0 + 1,
        platform.y,
        platform.x1 - 1,
        platform.y,
        platform.x1 + spread,
        platform.y + top,
        platform.x0 - spread,
        platform.y + top,
      ]).fill(glow);
    }

    this.lights[0].position.set(platform.x0 + 0.8, platform.y - 0.4);
    this.lights[1].position.set(platform.x1 - 0.8, platform.y - 0.4);
  }

  /** A crash: flash, shake, fireball, debris and smoke. */
  private explode(x: number, y: number, vx: number, vy: number): void {
    // No screen shake under prefers-reduced-motion; the fireball stays.
    this.shake = this.reducedMotion ? 0 : 1;
    this.flashAlpha = 0.4;
    this.particles.explosion(x, y, vx, vy);
  }

  /**
   * Draws the lander between two ticks (`alpha` 0..1), follows it with the camera on
   * narrow screens, and animates effects by the display time since the last frame.
   */
  draw(alpha: number, now: number): void {
    const prev = this.prev;
    const curr = this.curr;
    if (this.destroyed || !this.initialized || !prev || !curr) return;
    if (!this.stillness.shouldDraw(now, this.reducedMotion && !this.moving)) return;
    const gap = this.stillness.gapMs ?? 0;
    const frameSeconds = gap > MAX_FRAME_GAP_MS ? 0 : gap / 1000;
    const w = this.app.screen.width;
    const h = this.app.screen.height;
    if (w !== this.viewW || h !== this.viewH) this.layout();
    if (!sameTerrain(this.terrain, curr.terrain)) this.setTerrain(curr.terrain);
    if (this.quality.frame(frameSeconds * 1000)) this.applyQuality();
    const dt = Math.min(0.1, frameSeconds);
    this.time += dt;
    this.frameAvg += (dt - this.frameAvg) * 0.05;
    const particles = this.particles;
    particles.density = this.frameAvg > 1 / 35 ? 0.45 : this.frameAvg > 1 / 50 ? 0.75 : 1;

    const a = prev.lander;
    const b = curr.lander;
    const x = a.x + (b.x - a.x) * alpha;
    const y = a.y + (b.y - a.y) * alpha;
    const crashed = curr.phase === 'crashed' || curr.phase === 'gameover';
    this.lander.visible = !crashed;
    this.lander.position.set(x, y);
    this.ghostLayer.update(interpolateGhosts(prev.ghosts, curr.ghosts, alpha));

    const firing = curr.phase === 'playing' ? b.firing : 0;
    const thrust = (firing & INPUT_THRUST) !== 0;
    this.flame.visible = thrust;
    if (thrust) {
      this.flame.scale.set(0.9 + Math.random() * 0.25, 0.75 + Math.random() * 0.5);
      this.flame.alpha = 0.85 + Math.random() * 0.15;
      particles.exhaust(x, y, b.vx, b.vy);
    }
    this.jetLeft.visible = (firing & INPUT_LEFT) !== 0;
    this.jetRight.visible = (firing & INPUT_RIGHT) !== 0;
    if (this.jetLeft.visible) this.jetLeft.scale.set(0.8 + Math.random() * 0.4, 1);
    if (this.jetRight.visible) this.jetRight.scale.set(-(0.8 + Math.random() * 0.4), 1);

    particles.step(dt);

    // Platform lights blink in turn; stars twinkle. With reduced motion both hold still.
    const blink = this.reducedMotion ? 0 : Math.sin(this.time * 5);
    this.lights[0].alpha = blink >= 0 ? 1 : 0.25;
    this.lights[1].alpha = blink > 0 ? 0.25 : 1;
    this.twinkles.alpha = this.reducedMotion ? 0.75 : 0.55 + 0.35 * Math.sin(this.time * 1.7);

    // Camera: the whole world when it fits, else follow the lander.
    const s = this.scale;
    const visible = w / s;
    let camX = WORLD_WIDTH / 2;
    let gliding = false;
    if (visible < WORLD_WIDTH) {
      const target = Math.min(WORLD_WIDTH - visible / 2, Math.max(visible / 2, x));
      camX = this.camX + (target - this.camX) * Math.min(1, dt * 6);
      if (Math.abs(target - this.camX) > visible) camX = target; // new attempt: jump
      gliding = Math.abs(target - camX) * s > 0.5;
    }
    this.camX = camX;
    this.shake = Math.max(0, this.shake - dt * 1.8);
    const jitter = this.shake * this.shake * 6;
    this.world.scale.set(s, -s);
    this.world.position.set(
      w / 2 - camX * s + (Math.random() - 0.5) * jitter,
      h - 4 + (Math.random() - 0.5) * jitter,
    );
    this.flashAlpha = Math.max(0, this.flashAlpha - dt * 2.5);
    this.flash.alpha = this.flashAlpha;
    this.flash.visible = this.flashAlpha > 0;

    // Where is the platform when it is off screen? A pointer at the edge.
    const { platform } = curr.terrain;
    const left = camX - visible / 2;
    const right = camX + visible / 2;
    const pc = (platform.x0 + platform.x1) / 2;
    const off = pc < left + 4 ? -1 : pc > right - 4 ? 1 : 0;
    this.pointer.visible = off !== 0 && curr.phase === 'playing';
    if (off !== 0) {
      const py = h - 4 - platform.y * s - 30;
      this.pointer.position.set(off > 0 ? w - 26 : 26, py);
      this.pointer.scale.x = off;
      this.pointer.alpha = this.reducedMotion ? 1 : 0.6 + 0.4 * Math.abs(Math.sin(this.time * 4));
    }

    this.moving = gliding || this.shake > 0 || this.flashAlpha > 0 || particles.active;
    this.app.render();
    this.shown = curr.input;
  }

  shownInput(): number {
    return this.shown;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (!this.initialized) return;
    this.keeper?.dispose();
    this.app.destroy({ removeView: false }, { children: true, texture: true });
  }
}

/** What the render host runs: the same in the render worker and on the page's thread. */
export const landerRenderOptions = { createScene: () => new LanderScene() };
