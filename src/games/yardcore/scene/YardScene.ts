// The site's CSP has no 'unsafe-eval': Pixi's shader/uniform code paths that need no eval.
import 'pixi.js/unsafe-eval';
/**
 * The yard on screen: the lawn (ground.ts: the chunks of tiles held and a pool of ground
 * sprites that covers the view), a sprite per thing near the player
 * interpolated between the engine host's snapshots, the gardener with the mower in front,
 * and a little juice (grass clippings, sparkles, a red flash and a shake when bitten). Per
 * frame everything is imperative; nothing here goes through React. Touches no DOM, so the
 * same class draws in the render worker and, as the fallback, on the page: it is handed
 * the canvas, sizes and settings as data, takes snapshots from the host and asks the host,
 * with its next request, for the chunks of tiles its view needs.
 */
import { Application, Container, Rectangle, Sprite, Texture } from 'pixi.js';
import { canvasPng } from '../../../lib/canvasPng.ts';
import { ParticleLayer, ParticlePool } from '../../../lib/particles.ts';
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
import { CHUNK, MIN_STAGE_PX, TILE_PX } from '../engine/constants.ts';
import {
  CRITTER_STATES,
  ENTITY_KINDS,
  ENTITY_STRIDE,
  transferablesOf,
  type YardSnapshot,
  type YardSnapshotRequest,
} from '../engine/snapshot.ts';
import { chunkKey } from '../engine/world.ts';
import { inDepthOrder } from './depthOrder.ts';
import { YardGround } from './ground.ts';
import { buildTextures, type YardTextures } from './textures.ts';

const T = TILE_PX;
const RESOLUTIONS = [1, 0.75, 0.5];
const MAX_PARTICLES = 300;
/** The dot texture's radius (px): a particle of size 4 is drawn at scale 1. */
const DOT_RADIUS = 4;
/** Clippings and sparkles fall (px/s²) as they fade. */
const PARTICLE_GRAVITY = 160;
/** No step from the engine for this long: the yard stands still (paused, game over). */
const QUIET_MS = 250;

/** The developer menu's switches (spec §6), read every frame. */
export interface SceneDevOptions {
  /** Sprites stand on their shadows: anchored at the bottom of what is drawn, not the box centre. */
  autoOffsets: boolean;
  /** The cheapest look: lowest resolution, no particles, whatever the frame times say. */
  forceSimple: boolean;
  /** Critters face the other way (for art drawn facing left). */
  swapLR: boolean;
  /** Walk bobbing runs as fast as the thing moves, not at one pace. */
  scaleAnimByVelocity: boolean;
  /** console.debug when a thing's sprite is made or dropped. */
  spriteLogs: boolean;
}

/** What the page forwards: the settings' zoom and the developer switches. */
export type YardSceneInput = { type: 'zoom'; zoom: number } | { type: 'dev'; options: SceneDevOptions };

/** The developer overlay's readout (sampled by the runtime at most 10 times a second). */
export interface YardSceneHud {
  fps: number;
  /** The yard stands still (paused, game over) and is not drawn again until something changes. */
  still: boolean;
  things: number;
  chunks: number;
  /** Where the gardener is in the newest snapshot (tiles). */
  x: number;
  y: number;
}

interface Thing {
  sprite: Sprite;
  shadow: Sprite;
  kind: number;
  id: number;
  prevX: number;
  prevY: number;
  x: number;
  y: number;
  vx: number;
  state: number;
  seen: number;
  phase: number;
}

const FLEEING = CRITTER_STATES.indexOf('fleeing');
const FLYING = CRITTER_STATES.indexOf('flying');
const CROW = ENTITY_KINDS.indexOf('crow');
const ITEM_KINDS = new Set(
  ['fuelCan', 'food', 'mower', 'mowerEmpty', 'feather'].map((k) => ENTITY_KINDS.indexOf(k as never)),
);

export class YardScene implements GameScene<YardSnapshot, YardSceneInput, YardSceneHud, YardSnapshotRequest> {
  private app = new Application();
  private textures!: YardTextures;
  /**
   * A render group: the camera moves it every frame, and as a group its transform is one
   * uniform, so the hundreds of ground tiles and things inside are not re-transformed then.
   */
  private readonly world = new Container({ isRenderGroup: true });
  /**
   * A render group of its own: the things' layer re-sorts and re-batches most frames, and
   * as part of the same group the whole ground (hundreds of tiles) was collected and
   * batched again with it; alone, the ground is rebuilt only when its own tiles change.
   */
  private readonly groundLayer = new Container({ isRenderGroup: true });
  private ground!: YardGround;
  private readonly shadows = new Container();
  private readonly things = new Container({ sortableChildren: true });
  /** Each of the things' children's y, by which they are drawn (see keepDepthOrder). */
  private readonly depthOf = new Map<Container, number>();
  private readonly effects = new Container();
  private readonly flash = new Sprite();
  private readonly thingSprites = new Map<number, Thing>();
  private readonly player = new Container();
  private playerBody!: Sprite;
  private playerMower!: Sprite;
  private playerShadow!: Sprite;
  private readonly particles = new ParticlePool({ capacity: MAX_PARTICLES, whenFull: 'drop' });
  private particleLayer!: ParticleLayer;
  private latest: YardSnapshot | null = null;
  private prevPlayer = { x: 0, y: 0 };
  /**
   * The yard's own clock for what moves on its own (bobbing, the crow's flap, the mower's
   * shake, the blink, particles, the bite's shake and flash). It runs while the engine sends
   * steps and stops `QUIET_MS` after they stop (paused, game over): a paused yard is then one
   * still picture, drawn once and not again until something changes. Drawing it anyway cost
   * a low-end phone's battery for nothing, and its slow frames lowered the resolution of a
   * picture nobody was waiting on.
   */
  private clock = 0;
  private frameCount = 0;
  /** Screen pixels per world pixel: 1 draws the spec's 32 px tiles at 32 CSS px (the settings' zoom). */
  private zoom = 1;
  /** The yard the scene shows (YardSnapshot.run): a new one drops the last one's tiles and things. */
  private run = -1;
  private shakeUntil = 0;
  private flashUntil = 0;
  private reducedMotion = false;
  private readonly quality = new AdaptiveQuality({ levels: RESOLUTIONS.length, slowMs: 20 });
  /** A still yard (see `clock`) is drawn once more after a resize, the zoom, a restored context. */
  private readonly stillness = new SceneStillness(QUIET_MS, this.quality);
  private baseResolution = 1;
  private keeper!: SceneCanvas;
  private width = MIN_STAGE_PX;
  private height = MIN_STAGE_PX;
  /** Shown in the developer overlay. */
  private readonly debug: YardSceneHud = { fps: 0, still: false, things: 0, chunks: 0, x: 0, y: 0 };
  /** The chunk the gardener was in at the last snapshot: far chunks are dropped when it changes. */
  private playerChunk = '';
  /** The newest input (`markInput` number) the last frame drawn shows. */
  private shown = 0;
  /** Set by the developer menu. */
  private dev: SceneDevOptions = {
    autoOffsets: false,
    forceSimple: false,
    swapLR: false,
    scaleAnimByVelocity: false,
    spriteLogs: false,
  };
  private simpleApplied = false;
  /** Frames per second, smoothed (the developer overlay's readout). */
  private fpsAverage = 60;

  async init(canvas: SceneTarget, viewport: SceneViewport, environment: SceneEnvironment): Promise<void> {
    const app = this.app;
    await initSceneApp(app, canvas, viewport, { background: 0x3f8f3a, minSize: MIN_STAGE_PX });
    this.reducedMotion = environment.reducedMotion;
    this.width = app.screen.width;
    this.height = app.screen.height;
    this.baseResolution = app.renderer.resolution;
    // The textures are baked to be drawn again after a lost WebGL context; a still yard is
    // drawn again after that and after a resize (which empties the canvas).
    this.keeper = new SceneCanvas(app, { redraw: () => this.stillness.invalidate() });
    this.textures = buildTextures(this.keeper);
    this.ground = new YardGround(this.groundLayer, this.textures);
    this.playerShadow = this.centred(this.textures.things.shadow);
    this.playerMower = this.centred(this.textures.things.playerMower);
    this.playerBody = this.centred(this.textures.things.player);
    this.player.addChild(this.playerShadow, this.playerMower, this.playerBody);
    this.playerShadow.y = 10;
    this.particleLayer = new ParticleLayer(this.particles, this.textures.dot, { radius: DOT_RADIUS });
    this.effects.addChild(this.particleLayer.container);
    this.world.addChild(this.groundLayer, this.shadows, this.things, this.effects);
    this.things.addChild(this.player);
    this.flash.texture = Texture.WHITE;
    this.flash.tint = 0xff2030;
    this.flash.alpha = 0;
    // Nothing to show until the worker's first snapshot (the intro menu covers the lawn).
    this.world.visible = false;
    app.stage.addChild(this.world, this.flash);
    this.layout();
  }

  setEnvironment(environment: SceneEnvironment): void {
    this.reducedMotion = environment.reducedMotion;
  }

  input(input: YardSceneInput): void {
    switch (input.type) {
      case 'zoom':
        this.setZoom(input.zoom);
        return;
      case 'dev':
        // The developer menu's switches; taken as they are from the next frame on.
        this.dev = { ...input.options };
        this.stillness.invalidate();
        return;
    }
  }

  hud(): YardSceneHud {
    const p = this.latest?.player;
    this.debug.x = p?.x ?? 0;
    this.debug.y = p?.y ?? 0;
    return { ...this.debug };
  }

  shownInput(): number {
    return this.shown;
  }

  /** A PNG of the whole stage as it shows now (the lawn colour under anything not drawn). */
  async capture(): Promise<Blob> {
    const canvas = this.app.renderer.extract.canvas({
      target: this.app.stage,
      frame: new Rectangle(0, 0, this.width, this.height),
      resolution: this.baseResolution,
      clearColor: 0x3f8f3a,
    });
    return canvasPng(canvas);
  }

  /** The chunks the view around `p` shows that the scene does not hold, as cx, cy pairs. */
  private missingChunks(p: { x: number; y: number }): number[] {
    return this.ground.missing(p, { width: this.width, height: this.height, zoom: this.zoom });
  }

  /**
   * Forgets the yard shown: its chunks (tiles, mowed ones too), its things and effects. A new
   * game, a restart or the next level is another yard: ids start again from 1 and the lawn
   * is not the last one's.
   */
  private forgetYard(): void {
    this.ground.clear();
    for (const thing of this.thingSprites.values()) {
      this.depthOf.delete(thing.sprite);
      thing.sprite.destroy();
      thing.shadow.destroy();
    }
    this.thingSprites.clear();
    this.particles.clear();
    this.latest = null;
    this.playerChunk = '';
    this.shakeUntil = 0;
    this.flashUntil = 0;
    this.debug.chunks = 0;
  }

  /**
   * A new state from the engine host. Returns the next request: the entity buffer (read
   * here, not kept) for the host to fill again, and the chunks the view needs.
   */
  push(snapshot: YardSnapshot): YardSnapshotRequest {
    if (snapshot.run !== this.run) {
      this.forgetYard();
      this.run = snapshot.run;
    }
    for (const chunk of snapshot.chunks) this.ground.setChunk(chunk);
    this.debug.chunks = this.ground.chunkCount;
    if (this.latest) {
      this.prevPlayer.x = this.latest.player.x;
      this.prevPlayer.y = this.latest.player.y;
    } else {
      this.prevPlayer.x = snapshot.player.x;
      this.prevPlayer.y = snapshot.player.y;
    }
    this.latest = snapshot;
    this.stillness.snapshot();
    this.world.visible = true;
    const changes = snapshot.tileChanges;
    for (let i = 0; i < changes.length; i += 3)
      this.ground.setTile(changes[i], changes[i + 1], changes[i + 2]);
    this.frameCount++;
    const e = snapshot.entities;
    for (let i = 0; i < snapshot.entityCount; i++) {
      const o = i * ENTITY_STRIDE;
      const id = e[o];
      let thing = this.thingSprites.get(id);
      const kind = e[o + 1];
      if (!thing) {
        const kindName = ENTITY_KINDS[kind];
        const sprite = this.centred(this.textures.things[kindName]);
        const shadow = this.centred(this.textures.things.shadow);
        shadow.scale.set(ITEM_KINDS.has(kind) ? 0.7 : 0.9);
        this.things.addChild(sprite);
        this.shadows.addChild(shadow);
        thing = {
          sprite,
          shadow,
          kind,
          id,
          prevX: e[o + 2],
          prevY: e[o + 3],
          x: e[o + 2],
          y: e[o + 3],
          vx: 0,
          state: 0,
          seen: 0,
          phase: (id * 0.37) % 6.28,
        };
        this.thingSprites.set(id, thing);
        if (this.dev.spriteLogs) console.debug(`[yardcore] sprite +${id} ${kindName}`);
      }
      thing.prevX = thing.x;
      thing.prevY = thing.y;
      thing.x = e[o + 2];
      thing.y = e[o + 3];
      thing.vx = e[o + 5];
      thing.state = e[o + 4];
      thing.seen = this.frameCount;
      thing.sprite.alpha = e[o + 7] ? 0.95 : 1;
    }
    for (const [id, thing] of this.thingSprites) {
      if (thing.seen === this.frameCount) continue;
      if (this.dev.spriteLogs) console.debug(`[yardcore] sprite -${id} ${ENTITY_KINDS[thing.kind]}`);
      this.depthOf.delete(thing.sprite);
      thing.sprite.destroy();
      thing.shadow.destroy();
      this.thingSprites.delete(id);
    }
    this.debug.things = this.thingSprites.size;
    for (const event of snapshot.events) {
      if (event.type === 'cut') this.clippings(event.x + 0.5, event.y + 0.5);
      else if (event.type === 'pickup' || event.type === 'fed' || event.type === 'hit')
        this.sparkle(snapshot.player.x, snapshot.player.y - 0.6, event.type === 'hit' ? 0xffd23f : 0xfff6a0);
      else if (event.type === 'hurt') this.ouch(this.clock);
    }
    const p = snapshot.player;
    const here = chunkKey(Math.floor(p.x / CHUNK), Math.floor(p.y / CHUNK));
    if (here !== this.playerChunk) {
      this.playerChunk = here;
      this.ground.forgetFar(p);
      this.debug.chunks = this.ground.chunkCount;
    }
    return { entities: snapshot.entities, chunks: this.missingChunks(p) };
  }

  destroy(): void {
    this.keeper.dispose();
    this.particleLayer.destroy();
    this.textures.destroy();
    this.app.destroy(false, { children: true });
  }

  private centred(texture: Sprite['texture']): Sprite {
    const sprite = new Sprite(texture);
    sprite.anchor.set(0.5);
    sprite.scale.set(1);
    return sprite;
  }

  resize(viewport: SceneViewport): void {
    const width = Math.max(MIN_STAGE_PX, viewport.width);
    const height = Math.max(MIN_STAGE_PX, viewport.height);
    if (width === this.width && height === this.height && viewport.resolution === this.baseResolution) return;
    this.width = width;
    this.height = height;
    this.baseResolution = viewport.resolution;
    const level = this.dev.forceSimple ? RESOLUTIONS.length - 1 : this.quality.level;
    this.app.renderer.resize(width, height, this.baseResolution * RESOLUTIONS[level]);
    this.layout();
  }

  /**
   * The settings' zoom (1: the spec's 32 px tiles, on phones too: 11 tiles across a 360 px
   * screen). Takes effect at once: the ground pool is re-made for the tiles the view shows.
   */
  private setZoom(zoom: number): void {
    if (!(zoom > 0) || zoom === this.zoom) return;
    this.zoom = zoom;
    this.layout();
  }

  /** The ground pool covers the view at the zoom. */
  private layout(): void {
    this.ground.fit({ width: this.width, height: this.height, zoom: this.zoom });
    this.stillness.invalidate();
    this.world.scale.set(this.zoom);
    this.flash.width = this.width;
    this.flash.height = this.height;
    this.flash.anchor.set(0);
  }

  /**
   * Draws the gardener and things between the last two snapshots (`alpha`), the camera on the
   * gardener, every frame while the engine steps; a still yard (no steps for `QUIET_MS`) once.
   */
  draw(alpha: number, frameTime: number): void {
    const still = this.stillness.quiet;
    this.debug.still = still;
    if (!this.stillness.shouldDraw(frameTime)) return;
    // The first frame after a still spell counts as one of 60 Hz.
    const ms = this.stillness.gapMs ?? 1000 / 60;
    if (!still) this.clock += Math.min(ms, 50);
    const now = this.clock;
    this.fpsAverage = this.fpsAverage * 0.9 + (1000 / Math.max(1, ms)) * 0.1;
    this.debug.fps = Math.round(this.fpsAverage);
    const simple = this.dev.forceSimple;
    // A still yard's one frame says nothing of how fast frames come.
    if ((!still && this.quality.frame(ms)) || simple !== this.simpleApplied) {
      this.simpleApplied = simple;
      const level = simple ? RESOLUTIONS.length - 1 : this.quality.level;
      this.app.renderer.resize(this.width, this.height, this.baseResolution * RESOLUTIONS[level]);
    }
    const snap = this.latest;
    if (!snap) {
      this.app.render();
      return;
    }
    this.shown = snap.input;
    const px = this.prevPlayer.x + (snap.player.x - this.prevPlayer.x) * alpha;
    const py = this.prevPlayer.y + (snap.player.y - this.prevPlayer.y) * alpha;
    // Camera: the player in the middle, shaken a little after a bite.
    let shakeX = 0;
    let shakeY = 0;
    if (now < this.shakeUntil && !this.reducedMotion) {
      const k = (this.shakeUntil - now) / 300;
      shakeX = Math.sin(now * 0.09) * 6 * k;
      shakeY = Math.cos(now * 0.11) * 5 * k;
    }
    this.world.position.set(
      Math.round(this.width / 2 - px * T * this.zoom + shakeX),
      Math.round(this.height / 2 - py * T * this.zoom + shakeY),
    );
    this.ground.follow(px, py, { width: this.width, height: this.height, zoom: this.zoom });
    // Things.
    for (const thing of this.thingSprites.values()) {
      const x = thing.prevX + (thing.x - thing.prevX) * alpha;
      const y = thing.prevY + (thing.y - thing.prevY) * alpha;
      const moving = thing.x !== thing.prevX || thing.y !== thing.prevY;
      const flying = (thing.kind === CROW && thing.state === FLEEING) || thing.state === FLYING;
      const lift = flying ? 10 : 0;
      // Bobbing pace: fixed, or (developer switch) as fast as the thing moves, tiles/s over 2.
      const pace = this.dev.scaleAnimByVelocity
        ? Math.min(3, Math.max(0.3, Math.hypot(thing.x - thing.prevX, thing.y - thing.prevY) * 30))
        : 1;
      const bob =
        moving && !this.reducedMotion ? Math.abs(Math.sin((now / 70) * pace + thing.phase)) * 2.5 : 0;
      const kindName = ENTITY_KINDS[thing.kind];
      const bounds = this.textures.bounds[kindName];
      if (this.dev.autoOffsets) thing.sprite.anchor.set((bounds.x + 24) / 48, (bounds.bottom + 24) / 48);
      else thing.sprite.anchor.set(0.5);
      thing.sprite.position.set(x * T, y * T - lift - bob + (this.dev.autoOffsets ? 10 : 0));
      this.depthOf.set(thing.sprite, y);
      if (thing.vx !== 0) thing.sprite.scale.x = thing.vx < 0 !== this.dev.swapLR ? -1 : 1;
      // A fleeing crow flaps.
      if (flying && thing.kind === CROW && !this.reducedMotion)
        thing.sprite.scale.y = 0.75 + 0.25 * Math.abs(Math.sin(now / 40));
      else thing.sprite.scale.y = 1;
      thing.shadow.position.set(x * T, y * T + 9);
      thing.shadow.alpha = flying ? 0.5 : 1;
    }
    // The gardener and the mower in front, turned the way they walk.
    const p = snap.player;
    const active = p.slots[p.activeSlot];
    const bob = p.moving && !this.reducedMotion ? Math.abs(Math.sin(now / 80)) * 2 : 0;
    this.player.position.set(px * T, py * T - bob);
    this.depthOf.set(this.player, py);
    this.keepDepthOrder();
    this.playerMower.visible = active?.kind === 'mower';
    const angle = Math.atan2(p.facingY, p.facingX);
    this.playerMower.position.set(p.facingX * 15, p.facingY * 15 + 2);
    this.playerMower.rotation = angle - Math.PI / 2;
    if (p.mowing && !this.reducedMotion) this.playerMower.x += Math.sin(now / 25) * 0.8;
    this.playerBody.alpha = p.invulnerable ? (Math.floor(now / 90) % 2 ? 0.35 : 1) : 1;
    // Effects.
    if (!still) this.particles.step(Math.min(ms, 50) / 1000);
    this.particleLayer.sync();
    this.flash.alpha = now < this.flashUntil ? ((this.flashUntil - now) / 250) * 0.35 : 0;
    this.app.render();
  }

  /**
   * Things and the gardener drawn back to front by their y, as zIndex = y each frame would,
   * but zIndex is written only when the order is wrong: every zIndex change marks the world's
   * render group as changed in structure, and Pixi then rebuilt all its draw instructions
   * (and re-sorted) every frame anything moved, though the order seldom changes.
   */
  private keepDepthOrder(): void {
    const children = this.things.children;
    if (inDepthOrder(children, this.depthOf)) return;
    for (const child of children) child.zIndex = this.depthOf.get(child) ?? 0;
    this.things.sortDirty = true;
  }

  private clippings(x: number, y: number): void {
    if (this.reducedMotion || this.dev.forceSimple) return;
    for (let k = 0; k < 6; k++) {
      const a = (k / 6) * Math.PI * 2 + this.frameCount;
      // A blade of grass: a dot squashed to 0.45 × 0.25 of its size.
      const emitted = this.particles.emit({
        x: x * T,
        y: y * T,
        vx: Math.cos(a) * 70,
        vy: Math.sin(a) * 70 - 40,
        life: 0.45,
        size0: 0.45 * DOT_RADIUS,
        stretch: 0.25 / 0.45,
        colors: [k % 2 ? 0x58b04c : 0x9be07a],
        gravity: PARTICLE_GRAVITY,
      });
      if (!emitted) return;
    }
  }

  private sparkle(x: number, y: number, color: number): void {
    if (this.reducedMotion || this.dev.forceSimple) return;
    for (let k = 0; k < 10; k++) {
      const a = (k / 10) * Math.PI * 2;
      const emitted = this.particles.emit({
        x: x * T,
        y: y * T,
        vx: Math.cos(a) * 90,
        vy: Math.sin(a) * 90,
        life: 0.5,
        size0: 0.5 * DOT_RADIUS,
        colors: [color],
        gravity: PARTICLE_GRAVITY,
      });
      if (!emitted) return;
    }
  }

  private ouch(now: number): void {
    this.flashUntil = now + 250;
    this.shakeUntil = now + 300;
  }
}

/** What the render host runs: the same in the render worker and on the page's thread. */
export const yardRenderOptions = { createScene: () => new YardScene(), transferOf: transferablesOf };
