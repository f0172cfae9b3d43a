// The site's CSP has no 'unsafe-eval': Pixi's shader/uniform code paths that need no eval.
import 'pixi.js/unsafe-eval';
/**
 * The arena: dice drawn as dice (shaded outlines per shape, pips on a d6, numerals on the
 * rest), a roll played back from its precomputed tumble with interpolation, and the crit
 * effects (rain, the losing d20 falling off the table, fireworks, a golden glow). Per-frame
 * work is imperative on pooled display objects; nothing per frame goes through React.
 * Touches no DOM: the page hands it the canvas, sizes, colours, the pool and rolls as data,
 * and follows a roll's events by the same timeline (playback.ts) instead of callbacks.
 */
import { Application, BitmapFont, Container, Graphics, Rectangle } from 'pixi.js';
import { canvasPng } from '../../../lib/canvasPng.ts';
import { AdaptiveQuality } from '../../../lib/pure/adaptiveQuality.ts';
import type {
  GameScene,
  SceneEnvironment,
  SceneCanvas as SceneTarget,
  SceneViewport,
} from '../../../lib/runtime/GameScene.ts';
import { initSceneApp } from '../../../lib/sceneApp.ts';
import { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import { type Die, faceLabel } from '../engine/dice.ts';
import { FRAME_STRIDE, idleLayout, type TumbleTrack, WALL_REACH } from '../engine/physics.ts';
import { type CritKind, flickerFace } from '../engine/roll.ts';
import type { DiceRoll, TumbleSnapshot } from '../host/TumbleHost.ts';
import { dieSizeFor, MIN_ARENA_PX } from './arena.ts';
import { DieSprite } from './dieSprite.ts';
import { DieTextures } from './dieTextures.ts';
import { CritEffects, NEXT_FRAME } from './effects.ts';
import { RollTimeline } from './playback.ts';

export interface SceneColors {
  dice: string;
  numbers: string;
  arena: string;
}

/** The arena's colours before the page sends the player's (the settings' defaults). */
export const DEFAULT_COLORS: SceneColors = { dice: '#00b22a', numbers: '#ffffff', arena: '#3b1d5a' };

/**
 * What the page forwards: colours, the pool, crit effects. Rolls come from the engine
 * host, as snapshots (`push`), with their tumble.
 */
export type DiceSceneInput =
  | { type: 'colors'; colors: SceneColors }
  /** The pool (added, removed, faces, highlights) while no roll plays. */
  | { type: 'dice'; dice: Die[] }
  /** Crit effects; `ids` are the dice involved (the natural 20s, or the d20s that fall). */
  | { type: 'celebrate'; kind: CritKind; ids: string[] }
  /** Ends effects and puts fallen dice back where they lay. */
  | { type: 'clearEffects' };

const FONT = 'CritNumerals';
/** How often a tumbling die shows another face. */
const FLICKER_MS = 70;
const RESOLUTIONS = [1, 0.75, 0.5];

interface Playback {
  timeline: RollTimeline;
  dice: Die[];
  faces: number[];
  seed: number;
  track: TumbleTrack;
  start: number;
  /** The press that asked for the roll (`markInput`'s number), shown from its first frame. */
  inputMark: number;
}

/** What the page learns of the arena, at most 10 times a second (the end-to-end tests read it too). */
export interface DiceSceneHud {
  /** Nothing moves: no frames are drawn until something changes. */
  still: boolean;
  /** Dice on the table. */
  dice: number;
  /** The newest roll the arena was given (0: none yet). */
  roll: number;
  /** A roll is being played. */
  playing: boolean;
}

/** Where a die lies: x, y (arena CSS px) and its turn. */
interface Spot {
  x: number;
  y: number;
  angle: number;
}

export class DiceScene implements GameScene<TumbleSnapshot, DiceSceneInput, DiceSceneHud> {
  private app!: Application;
  private readonly felt = new Graphics();
  private readonly diceLayer = new Container();
  private readonly sprites = new Map<string, DieSprite>();
  /** Baked textures for the current die size: shapes by type, pips by face, shadow, glow. */
  private textures!: DieTextures;
  private size = 60;
  private width = MIN_ARENA_PX;
  private height = MIN_ARENA_PX;
  private colors: SceneColors;
  private playback: Playback | null = null;
  /** The crit effects, on the dice of `sprites`: over the dice, in a layer of their own. */
  private effects!: CritEffects;
  // Steps down below ~54 fps held for a second: a dice table reads fine at a lower resolution
  // (the dice are baked textures, sampled smoothly), a stutter does not.
  private readonly quality = new AdaptiveQuality({ levels: RESOLUTIONS.length, slowMs: 18.5, fastMs: 17.5 });
  /** Frames left to draw before an idle arena stops drawing (a still table costs nothing). */
  private idleFrames = 2;
  /** The last frame's time, or null while the arena is still (the next frame then counts as one of 60 Hz). */
  private lastNow: number | null = null;
  private baseResolution = 1;
  /** Redraws after every resize (quality changes included) and a restored WebGL context. */
  private keeper!: SceneCanvas;
  /** The newest roll given, and the newest press a drawn frame shows (`shownInput`). */
  private lastRoll = 0;
  private shownMark = 0;
  /** Where the last roll left each die (by id): a die made later (a new renderer) lies there. */
  private readonly resting = new Map<string, Spot>();

  constructor(colors: SceneColors = DEFAULT_COLORS) {
    this.colors = colors;
  }

  async init(canvas: SceneTarget, viewport: SceneViewport, environment: SceneEnvironment): Promise<void> {
    const app = new Application();
    await initSceneApp(app, canvas, viewport, { background: this.colors.arena, minSize: MIN_ARENA_PX });
    this.app = app;
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
    this.effects = new CritEffects(this.keeper, this.sprites, environment.reducedMotion);
    this.textures = new DieTextures(this.keeper, this.baseResolution, this.size);
    app.stage.addChild(this.felt, this.diceLayer, this.effects.layer);
    this.drawFelt();
  }

  setEnvironment(environment: SceneEnvironment): void {
    this.effects.reducedMotion = environment.reducedMotion;
  }

  hud(): DiceSceneHud {
    return {
      still: this.idleFrames <= 0,
      dice: this.sprites.size,
      roll: this.lastRoll,
      playing: this.playback !== null,
    };
  }

  shownInput(): number {
    return this.shownMark;
  }

  /** A roll from the engine host: played from the next frame, or (a renderer started after it) shown where it ended. */
  push(snapshot: TumbleSnapshot): void {
    const { roll } = snapshot;
    this.lastRoll = roll.id;
    this.rememberResting(roll);
    if (snapshot.atRest) this.showAtRest(roll);
    else this.playRoll(roll);
  }

  /** The current picture as a PNG (the whole arena, at the page's resolution). */
  async capture(): Promise<Blob> {
    this.app.render();
    const canvas = this.app.renderer.extract.canvas({
      target: this.app.stage,
      frame: new Rectangle(0, 0, this.width, this.height),
      resolution: this.baseResolution,
      clearColor: this.colors.arena,
    });
    return canvasPng(canvas);
  }

  input(input: DiceSceneInput): void {
    switch (input.type) {
      case 'colors':
        this.setColors(input.colors);
        return;
      case 'dice':
        this.setDice(input.dice);
        return;
      case 'celebrate':
        this.effects.celebrate(input.kind, input.ids);
        this.redrawAfterEffect();
        return;
      case 'clearEffects':
        this.clearEffects();
        return;
    }
  }

  private setColors(colors: SceneColors): void {
    this.wake();
    this.colors = colors;
    this.app.renderer.background.color = colors.arena;
    this.drawFelt();
    for (const sprite of this.sprites.values()) sprite.tint(colors);
  }

  /** Brings the sprites in line with the pool (added, removed, faces, highlights) while no roll plays. */
  private setDice(dice: Die[]): void {
    this.wake();
    const size = dieSizeFor(this.width, this.height, dice.length);
    if (size !== this.size) {
      this.size = size;
      // Dice laid out again at the new size: not where the last roll, at the old size, left them.
      if (this.sprites.size > 0) this.resting.clear();
      for (const sprite of this.sprites.values()) sprite.destroy();
      this.sprites.clear();
      this.textures.resize(size);
    }
    const ids = new Set(dice.map((d) => d.id));
    for (const [id, sprite] of this.sprites) {
      if (!ids.has(id)) {
        sprite.destroy();
        this.sprites.delete(id);
      }
    }
    const unplaced: DieSprite[] = [];
    for (const die of dice) {
      let sprite = this.sprites.get(die.id);
      if (!sprite) {
        sprite = new DieSprite(die, this.textures, FONT, this.colors);
        this.diceLayer.addChild(sprite.root);
        this.sprites.set(die.id, sprite);
        const spot = this.resting.get(die.id);
        if (spot) Object.assign(sprite, { x: spot.x, y: spot.y, angle: spot.angle, placed: true });
      }
      if (!sprite.placed) unplaced.push(sprite);
      if (!this.playback) sprite.showFace(die.face === null ? null : faceLabel(die), die.face);
      sprite.glow.visible = die.highlight;
    }
    if (unplaced.length > 0) this.placeIdle(unplaced);
    if (!this.playback) this.layoutAtRest();
  }

  /** Plays a roll's tumble; faces are the planned results, shown as each die settles. */
  private playRoll(roll: DiceRoll): void {
    const { track, dice, faces, seed, inputMark } = roll;
    this.clearEffects();
    this.setDice(dice);
    for (const sprite of this.sprites.values()) sprite.slot = -1;
    this.playback = {
      timeline: new RollTimeline(track),
      dice,
      faces,
      seed,
      track,
      start: NEXT_FRAME,
      inputMark,
    };
  }

  private rememberResting(roll: DiceRoll): void {
    const { track } = roll;
    const last = (track.steps - 1) * track.count;
    this.resting.clear();
    roll.dice.forEach((die, i) => {
      const o = (last + i) * FRAME_STRIDE;
      this.resting.set(die.id, { x: track.frames[o], y: track.frames[o + 1], angle: track.frames[o + 2] });
    });
  }

  /** A roll that ended before this scene began: its dice where it left them (the page's pool says which lie there). */
  private showAtRest(roll: DiceRoll): void {
    this.wake();
    if (this.shownMark < roll.inputMark) this.shownMark = roll.inputMark;
    for (const die of roll.dice) {
      const sprite = this.sprites.get(die.id);
      const spot = this.resting.get(die.id);
      if (!sprite || !spot) continue;
      sprite.x = spot.x;
      sprite.y = spot.y;
      sprite.angle = spot.angle;
      sprite.placed = true;
    }
    if (!this.playback) this.layoutAtRest();
  }

  private clearEffects(): void {
    this.effects.clear();
    this.redrawAfterEffect();
  }

  /** An effect began or ended: the dice are drawn where they lie (a fallen one back on the table). */
  private redrawAfterEffect(): void {
    this.wake();
    if (!this.playback) this.layoutAtRest();
  }

  /** Something changed: draw again (drawing stops once the arena is still). */
  private wake(): void {
    this.idleFrames = 2;
  }

  destroy(): void {
    this.keeper.dispose();
    this.effects.destroy();
    this.textures.drop();
    this.app.destroy(false, { children: true });
  }

  resize(viewport: SceneViewport): void {
    const width = Math.max(MIN_ARENA_PX, viewport.width);
    const height = Math.max(MIN_ARENA_PX, viewport.height);
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

  private placeIdle(sprites: DieSprite[]): void {
    const placed = [...this.sprites.values()].filter((s) => s.placed);
    const layout = idleLayout(
      placed.length + sprites.length,
      { width: this.width, height: this.height },
      this.size,
    );
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
    for (const sprite of this.sprites.values()) sprite.drawAtRest();
  }

  /** Draws while something moves, then a frame or two more, then nothing until something changes. */
  draw(_alpha: number, now: number): void {
    if (this.idleFrames <= 0) {
      if (this.lastNow !== null) this.quality.rest();
      this.lastNow = null;
      return;
    }
    const ms = this.lastNow === null ? 1000 / 60 : Math.max(0, now - this.lastNow);
    this.lastNow = now;
    if (this.quality.frame(ms)) {
      this.app.renderer.resize(
        this.width,
        this.height,
        this.baseResolution * RESOLUTIONS[this.quality.level],
      );
    }
    if (this.playback) this.advancePlayback(now);
    this.effects.draw(now, ms, this.width, this.height);
    this.app.render();
    const busy = this.playback !== null || this.effects.busy;
    if (busy) this.idleFrames = 2;
    else this.idleFrames--;
  }

  private advancePlayback(now: number): void {
    const pb = this.playback!;
    if (pb.start === NEXT_FRAME) {
      pb.start = now;
      if (this.shownMark < pb.inputMark) this.shownMark = pb.inputMark;
    }
    const { timeline, track } = pb;
    const elapsed = now - pb.start;
    const { s0, s1, t } = timeline.position(elapsed);
    const slot = Math.floor(elapsed / FLICKER_MS);
    const events = timeline.advance(elapsed);
    const settledNow = new Set(events.settled);
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
      const settled = timeline.isSettled(i, s0);
      sprite.x = x;
      sprite.y = y;
      sprite.angle = angle;
      sprite.root.position.set(x, y);
      sprite.turn(angle);
      // Tumbling over: the die flattens and swells as it turns, its shadow trails behind.
      const wobble = settled ? 0 : Math.min(0.22, speed * 0.012) * Math.abs(Math.sin(elapsed / 55 + i));
      sprite.body.scale.set(1 + wobble * 0.4, 1 - wobble);
      sprite.face.scale.copyFrom(sprite.body.scale);
      sprite.shadow.position.set(this.size * (0.06 + speed * 0.004), this.size * (0.08 + speed * 0.006));
      if (settledNow.has(i)) {
        sprite.showFace(faceLabel({ face: pb.faces[i], meta: die.meta }), pb.faces[i]);
      } else if (!settled && sprite.slot !== slot) {
        sprite.slot = slot;
        const face = flickerFace(die, pb.seed, i, slot);
        sprite.showFace(faceLabel({ face, meta: die.meta }), face);
      }
    }
    if (events.done) this.playback = null;
  }
}

/** What the render host runs: the same in the render worker and on the page's thread. */
export const diceRenderOptions = { createScene: () => new DiceScene() };
