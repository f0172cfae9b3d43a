// The site's CSP has no 'unsafe-eval': Pixi's shader/uniform code paths that need no eval.
import 'pixi.js/unsafe-eval';
/**
 * The arena: dice drawn as dice (shaded outlines per shape, pips on a d6, numerals on the
 * rest), a roll played back from its precomputed tumble with interpolation, and the crit
 * effects (rain, the losing d20 falling off the table, fireworks, a golden glow). Per-frame
 * work is imperative on pooled display objects; nothing per frame goes through React.
 */
import {
  Application,
  BitmapFont,
  Container,
  Graphics,
  type GraphicsContext,
  Rectangle,
  Sprite,
  Texture,
} from 'pixi.js';
import { PIXI_SCENE_OPTIONS } from '../../../lib/pixiOptions.ts';
import { AdaptiveQuality } from '../../../lib/pure/adaptiveQuality.ts';
import { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import { type Die, faceLabel, type RenderType } from '../engine/dice.ts';
import { FRAME_STRIDE, idleLayout, STEP_MS, type TumbleTrack, WALL_REACH } from '../engine/physics.ts';
import { type CritKind, flickerFace } from '../engine/roll.ts';
import { FaceLabel } from './FaceLabel.ts';
import { buildPips, buildShape, LABEL, SYMMETRY } from './shapes.ts';

export interface SceneColors {
  dice: string;
  numbers: string;
  arena: string;
}

export interface RollCallbacks {
  /** A die came to rest (index in the rolled pool). */
  onSettle(index: number): void;
  /** Two dice or a die and a wall met (impact speed in px/s). */
  onImpact(speed: number): void;
  onDone(): void;
}

const FONT = 'CritNumerals';
/** How often a tumbling die shows another face. */
const FLICKER_MS = 70;
const RESOLUTIONS = [1, 0.75, 0.5];
const MAX_PARTICLES = 420;

const hex = (color: string): number => Number.parseInt(color.replace('#', ''), 16) || 0;

/** The die size for an arena: big on desktop, smaller on phones and with many dice. */
export function dieSizeFor(width: number, height: number, count: number): number {
  const base = Math.min(72, Math.max(40, Math.min(width, height) / 6.5));
  const crowd = count > 12 ? Math.sqrt(12 / count) : 1;
  return Math.round(Math.max(34, base * crowd));
}

export const symmetryOf = (type: RenderType): number => SYMMETRY[type];

/**
 * A shape baked once into a texture, with the anchor that puts its origin at the die's
 * centre. Sprites of baked textures cost four vertices a die instead of a few hundred
 * triangles of Graphics, and the bake (at twice the screen's resolution, sampled
 * linearly) smooths edges that an arena without MSAA would draw jagged.
 */
interface Baked {
  texture: Texture;
  anchorX: number;
  anchorY: number;
  /** The texture `texture` is a frame of, when baked with others into one (the pip faces). */
  atlas?: Texture;
}

interface DieSprite {
  id: string;
  renderType: RenderType;
  root: Container;
  shadow: Sprite;
  glow: Sprite;
  body: Sprite;
  /** Pips and numeral: a sibling of the body, not a child, so the dice colour's tint does not reach them. */
  face: Container;
  pips: Sprite;
  /** The flicker slot last shown while tumbling (a face changes only when its slot does). */
  slot: number;
  label: FaceLabel;
  /** Resting place (idle layout, or where the last roll left it). */
  x: number;
  y: number;
  angle: number;
  placed: boolean;
}

interface Particle {
  sprite: Sprite;
  vx: number;
  vy: number;
  life: number;
  maxLife: number;
  gravity: number;
}

interface Playback {
  track: TumbleTrack;
  dice: Die[];
  faces: number[];
  seed: number;
  start: number;
  settled: boolean[];
  nextImpact: number;
  callbacks: RollCallbacks;
}

type Effect =
  | { kind: 'none' }
  | { kind: 'rain'; fallen: string[]; start: number }
  | { kind: 'fireworks'; nextBurst: number }
  | { kind: 'glow'; ids: string[]; start: number };

export async function createDiceScene(parent: HTMLElement, colors: SceneColors): Promise<DiceScene> {
  const app = new Application();
  const width = Math.max(200, parent.clientWidth);
  const height = Math.max(200, parent.clientHeight);
  await app.init({
    width,
    height,
    background: colors.arena,
    // No MSAA: on software GL and low-end phones it multiplies the fill cost; outlines are thick enough.
    antialias: false,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    autoDensity: true,
    preference: 'webgl',
    ...PIXI_SCENE_OPTIONS,
  });
  app.canvas.setAttribute('aria-hidden', 'true');
  parent.appendChild(app.canvas);
  return new DiceScene(app, parent, colors);
}

export class DiceScene {
  private readonly felt = new Graphics();
  private readonly diceLayer = new Container();
  /** Its own render group: particles coming and going change its structure, not the dice's. */
  private readonly effectsLayer = new Container({ isRenderGroup: true });
  private readonly sprites = new Map<string, DieSprite>();
  /** Baked textures for the current die size: shapes by type, pips by face, shadow, glow. */
  private baked = new Map<string, Baked>();
  private size = 60;
  private width: number;
  private height: number;
  private colors: SceneColors;
  private playback: Playback | null = null;
  private effect: Effect = { kind: 'none' };
  private particles: Particle[] = [];
  private freeParticles: Particle[] = [];
  private dotTexture: Texture;
  private reducedMotion = false;
  // Steps down below ~54 fps held for a second: a dice table reads fine at a lower resolution
  // (the dice are baked textures, sampled smoothly), a stutter does not.
  private readonly quality = new AdaptiveQuality({ levels: RESOLUTIONS.length, slowMs: 18.5, fastMs: 17.5 });
  /** The page is visible: the ticker may run. */
  private visible = true;
  /** Frames left to draw before an idle arena stops its ticker (a still table costs nothing). */
  private idleFrames = 2;
  private readonly baseResolution: number;
  private readonly resizeObserver: ResizeObserver;
  /** Redraws after every resize (quality changes included) and a restored WebGL context. */
  private readonly keeper: SceneCanvas;
  private effectRng = 1;

  constructor(
    private readonly app: Application,
    private readonly parent: HTMLElement,
    colors: SceneColors,
  ) {
    this.colors = colors;
    this.width = app.screen.width;
    this.height = app.screen.height;
    this.baseResolution = app.renderer.resolution;
    // A resize clears the canvas: the still arena is drawn again.
    this.keeper = new SceneCanvas(app, { redraw: () => this.wake() });
    if (!BitmapFont.install) throw new Error('Pixi BitmapFont unavailable');
    BitmapFont.install({
      name: FONT,
      style: {
        fontFamily: 'Arial Black, Arial, Helvetica, sans-serif',
        fontSize: 64,
        fontWeight: '900',
        fill: '#ffffff',
      },
      chars: [['0', '9']],
      resolution: 2,
    });
    this.dotTexture = this.keeper.bake(() => new Graphics().circle(8, 8, 8).fill(0xffffff));
    app.stage.addChild(this.felt, this.diceLayer, this.effectsLayer);
    this.drawFelt();
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(parent);
    app.ticker.add(this.frame);
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  arena(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  dieSize(): number {
    return this.size;
  }

  /** Where the given dice rest, in the stage's CSS pixels, and their size: for the DOM laid out around them. */
  restingSpots(ids: readonly string[]): { x: number; y: number; size: number }[] {
    const spots: { x: number; y: number; size: number }[] = [];
    for (const id of ids) {
      const sprite = this.sprites.get(id);
      if (sprite) spots.push({ x: sprite.x, y: sprite.y, size: this.size });
    }
    return spots;
  }

  setReducedMotion(reduced: boolean): void {
    this.reducedMotion = reduced;
  }

  setColors(colors: SceneColors): void {
    this.wake();
    this.colors = colors;
    this.app.renderer.background.color = colors.arena;
    this.drawFelt();
    for (const sprite of this.sprites.values()) this.tint(sprite);
  }

  /** Brings the sprites in line with the pool (added, removed, faces, highlights) while no roll plays. */
  setDice(dice: Die[]): void {
    this.wake();
    const size = dieSizeFor(this.width, this.height, dice.length);
    if (size !== this.size) {
      this.size = size;
      for (const sprite of this.sprites.values()) this.destroySprite(sprite);
      this.sprites.clear();
      this.dropBaked();
    }
    const ids = new Set(dice.map((d) => d.id));
    for (const [id, sprite] of this.sprites) {
      if (!ids.has(id)) {
        this.destroySprite(sprite);
        this.sprites.delete(id);
      }
    }
    const unplaced: DieSprite[] = [];
    for (const die of dice) {
      let sprite = this.sprites.get(die.id);
      if (!sprite) {
        sprite = this.makeSprite(die);
        this.sprites.set(die.id, sprite);
      }
      if (!sprite.placed) unplaced.push(sprite);
      if (!this.playback) this.showFace(sprite, die, die.face === null ? null : faceLabel(die), die.face);
      sprite.glow.visible = die.highlight;
    }
    if (unplaced.length > 0) this.placeIdle(unplaced);
    if (!this.playback) this.layoutAtRest();
  }

  /** Plays a roll's tumble; faces are the planned results, shown as each die settles. */
  playRoll(track: TumbleTrack, dice: Die[], faces: number[], seed: number, callbacks: RollCallbacks): void {
    this.clearEffects();
    this.setDice(dice);
    for (const sprite of this.sprites.values()) sprite.slot = -1;
    this.playback = {
      track,
      dice,
      faces,
      seed,
      start: performance.now(),
      settled: dice.map(() => false),
      nextImpact: 0,
      callbacks,
    };
  }

  /** Crit effects; `ids` are the dice involved (the natural 20s, or the d20s that fall). */
  celebrate(kind: CritKind, ids: string[]): void {
    this.clearEffects();
    this.wake();
    if (kind === 'success') this.effect = { kind: 'glow', ids, start: performance.now() };
    if (kind === 'fail')
      this.effect = { kind: 'rain', fallen: this.reducedMotion ? [] : ids, start: performance.now() };
    if (kind === 'double-twenty') this.effect = { kind: 'fireworks', nextBurst: performance.now() };
    if (kind === 'success' && !this.reducedMotion) {
      for (const id of ids) {
        const sprite = this.sprites.get(id);
        if (sprite) this.burst(sprite.x, sprite.y, 40, [0xffd54a, 0xfff3b0, 0xffffff], 4);
      }
    }
  }

  /** Ends effects and puts fallen dice back where they lay. */
  clearEffects(): void {
    this.wake();
    this.effect = { kind: 'none' };
    for (const p of this.particles) {
      p.sprite.visible = false;
      this.freeParticles.push(p);
    }
    this.particles = [];
    for (const sprite of this.sprites.values()) {
      sprite.root.alpha = 1;
      sprite.root.scale.set(1);
      sprite.glow.alpha = 1;
    }
    if (!this.playback) this.layoutAtRest();
  }

  setActive(active: boolean): void {
    this.visible = active;
    if (active) this.wake();
    else this.app.ticker.stop();
  }

  /** Something changed: draw again (the ticker stops itself once the arena is still). */
  private wake(): void {
    this.idleFrames = 2;
    if (this.visible && !this.app.ticker.started) this.app.ticker.start();
  }

  dispose(): void {
    this.keeper.dispose();
    this.resizeObserver.disconnect();
    this.app.ticker.remove(this.frame);
    this.dotTexture.destroy(true);
    this.dropBaked();
    this.app.destroy(true, { children: true });
  }

  private resize(): void {
    const width = Math.max(200, this.parent.clientWidth);
    const height = Math.max(200, this.parent.clientHeight);
    if (width === this.width && height === this.height) return;
    this.wake();
    const sx = width / this.width;
    const sy = height / this.height;
    this.width = width;
    this.height = height;
    this.app.renderer.resize(width, height, this.baseResolution * RESOLUTIONS[this.quality.level]);
    for (const sprite of this.sprites.values()) {
      sprite.x = Math.min(width - this.size * WALL_REACH, Math.max(this.size * WALL_REACH, sprite.x * sx));
      sprite.y = Math.min(height - this.size * WALL_REACH, Math.max(this.size * WALL_REACH, sprite.y * sy));
    }
    this.drawFelt();
    if (!this.playback) this.layoutAtRest();
  }

  private drawFelt(): void {
    const g = this.felt.clear();
    // The arena colour itself is the renderer's clear colour: no full-screen fill pass here.
    // A soft vignette toward the rim, and a stitched border: a tray of felt.
    for (let i = 0; i < 6; i++) {
      const inset = i * 6;
      g.rect(inset, inset, this.width - inset * 2, this.height - inset * 2).stroke({
        width: 6,
        color: 0x000000,
        alpha: 0.09 - i * 0.013,
      });
    }
    g.roundRect(10, 10, this.width - 20, this.height - 20, 14).stroke({
      width: 1.5,
      color: 0xffffff,
      alpha: 0.14,
    });
  }

  /** The baked texture called `key`, drawn by `draw` on first use at this die size. */
  private bake(key: string, draw: () => GraphicsContext | Graphics): Baked {
    let baked = this.baked.get(key);
    if (!baked) {
      const make = () => {
        const drawn = draw();
        return drawn instanceof Graphics ? drawn : new Graphics(drawn);
      };
      const graphics = make();
      const bounds = graphics.getLocalBounds();
      graphics.destroy({ context: true });
      const pad = 2;
      const frame = new Rectangle(
        bounds.x - pad,
        bounds.y - pad,
        bounds.width + pad * 2,
        bounds.height + pad * 2,
      );
      const texture = this.keeper.bake(
        make,
        { frame, resolution: Math.min(4, this.baseResolution * 2), antialias: true },
        (g) => g.destroy({ context: true }),
      );
      texture.source.scaleMode = 'linear';
      baked = { texture, anchorX: -frame.x / frame.width, anchorY: -frame.y / frame.height };
      this.baked.set(key, baked);
    }
    return baked;
  }

  private spriteOf(baked: Baked): Sprite {
    const sprite = new Sprite(baked.texture);
    sprite.anchor.set(baked.anchorX, baked.anchorY);
    return sprite;
  }

  private pipsFor(face: number): Baked {
    if (!this.baked.has('pips1')) this.bakePips();
    return this.baked.get(`pips${face}`)!;
  }

  /**
   * The six pip faces baked side by side into one texture, each face a frame of it. A
   * tumbling d6 shows another face every 70 ms: with a texture each, the new face's texture
   * was often not among the batch's, and Pixi rebuilt the whole stage's draw instructions;
   * frames of one source are swapped in place.
   */
  private bakePips(): void {
    const pad = 2;
    const size = this.size;
    let cells: { x: number; width: number; height: number; originX: number; originY: number }[] = [];
    let x = 0;
    let height = 0;
    const makeRow = () => {
      const row = new Container();
      cells = [];
      x = 0;
      height = 0;
      for (const context of buildPips(size)) {
        const graphics = new Graphics(context);
        const bounds = graphics.getLocalBounds();
        const cell = {
          x,
          width: bounds.width + pad * 2,
          height: bounds.height + pad * 2,
          originX: pad - bounds.x,
          originY: pad - bounds.y,
        };
        graphics.position.set(x + cell.originX, cell.originY);
        row.addChild(graphics);
        cells.push(cell);
        x += cell.width;
        height = Math.max(height, cell.height);
      }
      return row;
    };
    makeRow().destroy({ children: true, context: true });
    const atlas = this.keeper.bake(
      makeRow,
      {
        frame: new Rectangle(0, 0, x, height),
        resolution: Math.min(4, this.baseResolution * 2),
        antialias: true,
      },
      (row) => row.destroy({ children: true, context: true }),
    );
    atlas.source.scaleMode = 'linear';
    cells.forEach((cell, i) => {
      const texture = new Texture({
        source: atlas.source,
        frame: new Rectangle(cell.x, 0, cell.width, cell.height),
      });
      this.baked.set(`pips${i + 1}`, {
        texture,
        anchorX: cell.originX / cell.width,
        anchorY: cell.originY / cell.height,
        atlas,
      });
    });
  }

  private dropBaked(): void {
    const atlases = new Set<Texture>();
    for (const baked of this.baked.values()) {
      if (baked.atlas) {
        baked.texture.destroy(false);
        atlases.add(baked.atlas);
      } else baked.texture.destroy(true);
    }
    for (const atlas of atlases) atlas.destroy(true);
    this.baked.clear();
  }

  private makeSprite(die: Die): DieSprite {
    const root = new Container();
    const size = this.size;
    const shadow = this.spriteOf(
      this.bake('shadow', () =>
        new Graphics().ellipse(0, 0, size * 0.46, size * 0.4).fill({ color: 0x000000, alpha: 0.35 }),
      ),
    );
    const glow = this.spriteOf(
      this.bake('glow', () =>
        new Graphics()
          .circle(0, 0, size * 0.66)
          .fill({ color: 0xffd54a, alpha: 0.28 })
          .circle(0, 0, size * 0.6)
          .stroke({ width: 4, color: 0xffd54a, alpha: 0.95 }),
      ),
    );
    glow.visible = false;
    const body = this.spriteOf(this.bake(die.renderType, () => buildShape(die.renderType, size)));
    const pips = this.spriteOf(this.pipsFor(1));
    pips.visible = false;
    const label = new FaceLabel(FONT, this.size * LABEL[die.renderType].scale);
    label.root.y = this.size * LABEL[die.renderType].dy;
    const face = new Container();
    face.addChild(pips, label.root);
    root.addChild(shadow, glow, body, face);
    this.diceLayer.addChild(root);
    const sprite: DieSprite = {
      id: die.id,
      renderType: die.renderType,
      root,
      shadow,
      glow,
      body,
      face,
      pips,
      slot: -1,
      label,
      x: 0,
      y: 0,
      angle: 0,
      placed: false,
    };
    this.tint(sprite);
    return sprite;
  }

  private destroySprite(sprite: DieSprite): void {
    sprite.root.destroy({ children: true });
  }

  private tint(sprite: DieSprite): void {
    sprite.body.tint = hex(this.colors.dice);
    sprite.label.root.tint = hex(this.colors.numbers);
    sprite.pips.tint = hex(this.colors.numbers);
  }

  private showFace(sprite: DieSprite, die: Die, label: string | null, face: number | null): void {
    const pipFace = die.renderType === 'd6' && face !== null && face >= 1 && face <= 6 ? face : null;
    sprite.pips.visible = pipFace !== null;
    if (pipFace !== null) {
      const baked = this.pipsFor(pipFace);
      sprite.pips.texture = baked.texture;
      sprite.pips.anchor.set(baked.anchorX, baked.anchorY);
    }
    const text = pipFace !== null ? '' : (label ?? '');
    if (sprite.label.text !== text) sprite.label.text = text;
  }

  private placeIdle(sprites: DieSprite[]): void {
    const placed = [...this.sprites.values()].filter((s) => s.placed);
    const layout = idleLayout(placed.length + sprites.length, this.arena(), this.size);
    // New dice take the free grid cells farthest from the dice already lying there.
    const cells = Array.from({ length: placed.length + sprites.length }, (_, i) => ({
      x: layout[i * 2],
      y: layout[i * 2 + 1],
      gap: Math.min(Infinity, ...placed.map((p) => Math.hypot(p.x - layout[i * 2], p.y - layout[i * 2 + 1]))),
    })).sort((a, b) => b.gap - a.gap);
    sprites.forEach((sprite, i) => {
      sprite.x = cells[i].x;
      sprite.y = cells[i].y;
      sprite.angle = 0;
      sprite.placed = true;
    });
  }

  private layoutAtRest(): void {
    for (const sprite of this.sprites.values()) {
      sprite.root.position.set(sprite.x, sprite.y);
      sprite.body.rotation = wrapAngle(sprite.angle, SYMMETRY[sprite.renderType]);
      sprite.body.scale.set(1);
      sprite.face.rotation = sprite.body.rotation;
      sprite.face.scale.set(1);
      sprite.shadow.position.set(this.size * 0.06, this.size * 0.08);
    }
  }

  private readonly frame = (): void => {
    if (this.quality.frame(this.app.ticker.deltaMS)) {
      this.app.renderer.resize(
        this.width,
        this.height,
        this.baseResolution * RESOLUTIONS[this.quality.level],
      );
    }
    const now = performance.now();
    if (this.playback) this.advancePlayback(now);
    this.advanceEffect(now);
    this.advanceParticles(this.app.ticker.deltaMS / 1000);
    const busy = this.playback !== null || this.effect.kind !== 'none' || this.particles.length > 0;
    if (busy) this.idleFrames = 2;
    else if (--this.idleFrames <= 0) this.app.ticker.stop();
  };

  private advancePlayback(now: number): void {
    const pb = this.playback!;
    const { track } = pb;
    const elapsed = now - pb.start;
    const exact = Math.min(track.steps - 1, elapsed / STEP_MS);
    const s0 = Math.floor(exact);
    const s1 = Math.min(track.steps - 1, s0 + 1);
    const t = exact - s0;
    const slot = Math.floor(elapsed / FLICKER_MS);
    while (pb.nextImpact < track.impactCount && track.impacts[pb.nextImpact * 2] <= s0) {
      pb.callbacks.onImpact(track.impacts[pb.nextImpact * 2 + 1]);
      pb.nextImpact++;
    }
    for (let i = 0; i < track.count; i++) {
      const die = pb.dice[i];
      const sprite = this.sprites.get(die.id);
      if (!sprite) continue;
      const a = (s0 * track.count + i) * FRAME_STRIDE;
      const b = (s1 * track.count + i) * FRAME_STRIDE;
      const f = track.frames;
      const x = f[a] + (f[b] - f[a]) * t;
      const y = f[a + 1] + (f[b + 1] - f[a + 1]) * t;
      const angle = f[a + 2] + (f[b + 2] - f[a + 2]) * t;
      const speed = f[a + 3] + (f[b + 3] - f[a + 3]) * t;
      const settled = s0 >= track.settleStep[i];
      sprite.x = x;
      sprite.y = y;
      sprite.angle = angle;
      sprite.root.position.set(x, y);
      sprite.body.rotation = wrapAngle(angle, SYMMETRY[sprite.renderType]);
      sprite.face.rotation = sprite.body.rotation;
      // Tumbling over: the die flattens and swells as it turns, its shadow trails behind.
      const wobble = settled ? 0 : Math.min(0.22, speed * 0.012) * Math.abs(Math.sin(elapsed / 55 + i));
      sprite.body.scale.set(1 + wobble * 0.4, 1 - wobble);
      sprite.face.scale.copyFrom(sprite.body.scale);
      sprite.shadow.position.set(this.size * (0.06 + speed * 0.004), this.size * (0.08 + speed * 0.006));
      if (settled && !pb.settled[i]) {
        pb.settled[i] = true;
        this.showFace(sprite, die, faceLabel({ face: pb.faces[i], meta: die.meta }), pb.faces[i]);
        pb.callbacks.onSettle(i);
      } else if (!settled && sprite.slot !== slot) {
        sprite.slot = slot;
        const face = flickerFace(die, pb.seed, i, slot);
        this.showFace(sprite, die, faceLabel({ face, meta: die.meta }), face);
      }
    }
    if (exact >= track.steps - 1 && pb.settled.every(Boolean)) {
      this.playback = null;
      pb.callbacks.onDone();
    }
  }

  private advanceEffect(now: number): void {
    const effect = this.effect;
    if (effect.kind === 'glow') {
      const pulse = 0.6 + 0.4 * Math.sin((now - effect.start) / 180);
      for (const id of effect.ids) {
        const sprite = this.sprites.get(id);
        if (!sprite) continue;
        sprite.glow.visible = true;
        sprite.glow.alpha = this.reducedMotion ? 1 : pulse;
      }
    } else if (effect.kind === 'rain') {
      if (!this.reducedMotion) {
        for (let k = 0; k < 3; k++) this.raindrop();
      }
      const t = Math.min(1, (now - effect.start) / 1400);
      for (const id of effect.fallen) {
        const sprite = this.sprites.get(id);
        if (!sprite) continue;
        // Off the edge of the table: it drops, shrinks and tips over.
        const ease = t * t;
        sprite.root.position.set(
          sprite.x + ease * this.size * 0.8,
          sprite.y + ease * (this.height + this.size - sprite.y),
        );
        sprite.root.scale.set(1 - ease * 0.45);
        sprite.body.rotation = wrapAngle(sprite.angle, SYMMETRY[sprite.renderType]) + ease * 2.4;
        sprite.face.rotation = sprite.body.rotation;
        sprite.root.alpha = 1 - ease * 0.6;
      }
    } else if (effect.kind === 'fireworks' && !this.reducedMotion && now >= effect.nextBurst) {
      // Spec §9: 60–110 particles a burst, a burst every 1200 ms.
      const count = 60 + (this.nextEffectRandom() % 51);
      const x = this.width * (0.2 + (this.nextEffectRandom() % 60) / 100);
      const y = this.height * (0.2 + (this.nextEffectRandom() % 35) / 100);
      const palette = [
        [0xff5d8f, 0xffd1e0, 0xffffff],
        [0x4dd6ff, 0xc8f4ff, 0xffffff],
        [0xffd54a, 0xfff3b0, 0xff9f1c],
        [0x8cff8a, 0xe0ffe0, 0xffffff],
      ][this.nextEffectRandom() % 4];
      this.burst(x, y, count, palette, 6);
      effect.nextBurst = now + 1200;
    }
  }

  /** Effects only: a tiny LCG so bursts vary (the roll's own randomness is in the engine). */
  private nextEffectRandom(): number {
    this.effectRng = (Math.imul(this.effectRng, 1664525) + 1013904223) >>> 0;
    return this.effectRng >>> 8;
  }

  private particle(): Particle | null {
    let p = this.freeParticles.pop();
    if (!p) {
      if (this.particles.length >= MAX_PARTICLES) return null;
      const sprite = new Sprite(this.dotTexture);
      sprite.anchor.set(0.5);
      this.effectsLayer.addChild(sprite);
      p = { sprite, vx: 0, vy: 0, life: 0, maxLife: 1, gravity: 0 };
    }
    p.sprite.visible = true;
    this.particles.push(p);
    return p;
  }

  private burst(x: number, y: number, count: number, palette: number[], speed: number): void {
    for (let k = 0; k < count; k++) {
      const p = this.particle();
      if (!p) return;
      const a = (k / count) * Math.PI * 2 + (this.nextEffectRandom() % 100) / 300;
      const v = speed * (0.5 + (this.nextEffectRandom() % 100) / 100) * 60;
      p.sprite.position.set(x, y);
      p.sprite.tint = palette[k % palette.length];
      p.sprite.scale.set(0.22 + (this.nextEffectRandom() % 10) / 60);
      p.vx = Math.cos(a) * v;
      p.vy = Math.sin(a) * v;
      p.life = 0;
      p.maxLife = 1.1 + (this.nextEffectRandom() % 100) / 120;
      p.gravity = 140;
    }
  }

  private raindrop(): void {
    const p = this.particle();
    if (!p) return;
    p.sprite.position.set((this.nextEffectRandom() % 1000) * (this.width / 1000), -10);
    p.sprite.tint = 0x9fb7d9;
    p.sprite.scale.set(0.12, 0.7);
    p.vx = -30;
    p.vy = 520 + (this.nextEffectRandom() % 200);
    p.life = 0;
    p.maxLife = (this.height + 20) / p.vy;
    p.gravity = 0;
  }

  private advanceParticles(dt: number): void {
    if (this.particles.length === 0) return;
    const step = Math.min(dt, 0.05);
    let alive = 0;
    for (let k = 0; k < this.particles.length; k++) {
      const p = this.particles[k];
      p.life += step;
      if (p.life >= p.maxLife) {
        p.sprite.visible = false;
        this.freeParticles.push(p);
        continue;
      }
      p.vy += p.gravity * step;
      p.sprite.x += p.vx * step;
      p.sprite.y += p.vy * step;
      p.sprite.alpha = p.gravity > 0 ? 1 - p.life / p.maxLife : 0.55;
      this.particles[alive++] = p;
    }
    this.particles.length = alive;
  }
}

/** The outline is symmetric under turns of 2π / symmetry: draw it within ± half a turn, so numerals read upright-ish. */
function wrapAngle(angle: number, symmetry: number): number {
  const period = (Math.PI * 2) / symmetry;
  return angle - Math.round(angle / period) * period;
}
