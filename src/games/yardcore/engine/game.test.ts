import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import { CHUNK, FOOD_LIFETIME, MAX_HP, MOWER_FUEL, MOWER_REACH, STEP, THROW_RANGE } from './constants.ts';
import {
  addEntity,
  applyCommand,
  createGame,
  type Entity,
  NO_INPUT,
  nextLevel,
  progressOf,
  step,
  tileAt,
  type YardGame,
  type YardInput,
} from './game.ts';
import { chunkTiles, snapshot } from './snapshot.ts';
import { chunkKey, SPAWN, Tile, terrainAt } from './world.ts';

/** A game with nothing else in the yard, and tall grass for 6 tiles around the spawn. */
function emptyYard(seed = 5, level = 1): YardGame {
  const game = createGame(seed, { level });
  game.entities = [];
  const chunk = game.chunks.get(chunkKey(0, 0));
  if (!chunk) throw new Error('no home chunk');
  for (let dy = -6; dy <= 6; dy++)
    for (let dx = -6; dx <= 6; dx++)
      chunk.tiles[(Math.floor(SPAWN.y) + dy) * CHUNK + Math.floor(SPAWN.x) + dx] = Tile.Tall;
  return game;
}

const right: YardInput = { moveX: 1, moveY: 0, moveTo: null };
const run = (game: YardGame, seconds: number, input: YardInput = NO_INPUT) => {
  for (let i = 0; i < Math.round(seconds / STEP); i++) step(game, input);
};
const messages = (game: YardGame) => game.events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
const place = (game: YardGame, kind: Entity['kind'], dx: number, dy: number) =>
  addEntity(game, kind, game.player.x + dx, game.player.y + dy);

/** A random stick direction for seeded walks (each axis -1, 0 or 1). */
const randomMove = (rng: Rng): YardInput => ({ moveX: rng.int(-1, 1), moveY: rng.int(-1, 1), moveTo: null });

describe('mowing', () => {
  it('cuts each tall tile the running mower crosses: −2 fuel, +1 score, +1 cut', () => {
    const game = emptyYard();
    // Walk 3 tiles right at 6 tiles/s: the tile underfoot and the next three.
    run(game, 0.5, right);
    const p = game.player;
    const cuts = game.events.filter((e) => e.type === 'cut').length;
    expect(cuts).toBe(4);
    expect(p.cutCount).toBe(4);
    expect(p.score).toBe(4);
    expect(p.slots[0]).toEqual({ kind: 'mower', fuel: MOWER_FUEL - 8 });
    expect(tileAt(game, p.x, p.y)).toBe(Tile.Cut);
    expect(Array.from(snapshot(game, false).tileChanges)).toEqual([
      24, 24, 1, 25, 24, 1, 26, 24, 1, 27, 24, 1,
    ]);
  });

  it('does not cut standing still, with another slot active, or on cut grass', () => {
    const game = emptyYard();
    run(game, 0.5);
    expect(game.player.cutCount).toBe(0);
    applyCommand(game, { type: 'select', slot: 2 });
    run(game, 0.5, right);
    expect(game.player.cutCount).toBe(0);
    applyCommand(game, { type: 'select', slot: 0 });
    run(game, 0.5, { moveX: -1, moveY: 0, moveTo: null });
    // Back over the start tile (the clearing is cut) and tiles already walked: tall ones only.
    expect(game.player.cutCount).toBeGreaterThan(0);
    const before = game.player.cutCount;
    run(game, 0.3, right);
    expect(game.player.cutCount).toBe(before);
  });

  it('stops when the fuel runs out, says so, and a fuel can refills it', () => {
    const game = emptyYard();
    const mower = game.player.slots[0] as { kind: 'mower'; fuel: number };
    mower.fuel = 4;
    run(game, 1, right);
    expect(game.player.cutCount).toBe(2);
    expect(mower.fuel).toBe(0);
    expect(game.events.some((e) => e.type === 'outOfFuel')).toBe(true);
    expect(messages(game)).toContain('Out of fuel: find a fuel can');
    place(game, 'fuelCan', 0, 0);
    step(game);
    expect(game.player.slots[1]).toEqual({ kind: 'fuelCan' });
    applyCommand(game, { type: 'select', slot: 1 });
    applyCommand(game, { type: 'use' });
    expect(mower.fuel).toBe(MOWER_FUEL);
    expect(game.player.slots[1]).toEqual({ kind: 'empty' });
  });
});

describe('pickups and the inventory', () => {
  it('food gives +10 and stacks; a second can is refused with "Already carrying a can"', () => {
    const game = emptyYard();
    place(game, 'food', 0, 0);
    place(game, 'food', 0.2, 0);
    step(game);
    expect(game.player.score).toBe(20);
    expect(game.player.slots[1]).toEqual({ kind: 'food', count: 2 });
    place(game, 'fuelCan', 0, 0);
    place(game, 'fuelCan', 0.1, 0);
    game.events = [];
    step(game);
    step(game);
    expect(game.player.slots.filter((s) => s.kind === 'fuelCan')).toHaveLength(1);
    expect(messages(game)).toEqual(['Already carrying a can']);
    expect(game.entities.filter((e) => e.kind === 'fuelCan')).toHaveLength(1);
  });

  it('keys 1–5 pick the active slot; out-of-range slots are ignored; a full inventory says so', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'select', slot: 4 });
    expect(game.player.activeSlot).toBe(4);
    applyCommand(game, { type: 'select', slot: 5 });
    applyCommand(game, { type: 'select', slot: -1 });
    expect(game.player.activeSlot).toBe(4);
    for (let i = 0; i < 4; i++) applyCommand(game, { type: 'give', item: 'mower' });
    applyCommand(game, { type: 'give', item: 'mower' });
    expect(messages(game)).toEqual(['Inventory full']);
  });

  it('the refuel has a 250 ms cooldown; the mower must exist and not be full', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'give', item: 'fuelCan' });
    applyCommand(game, { type: 'select', slot: 1 });
    applyCommand(game, { type: 'use' });
    expect(messages(game)).toEqual(['The mower is already full']);
    game.player.slots[0] = { kind: 'empty' };
    applyCommand(game, { type: 'use' });
    expect(messages(game)).toContain('No mower to refuel');
  });
});

describe('thrown food', () => {
  it('flies at most 8 tiles, lies 5 s, then is gone; needs food; 250 ms between throws', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'throw', x: game.player.x + 20, y: game.player.y });
    expect(messages(game)).toEqual(['No food to throw']);
    applyCommand(game, { type: 'give', item: 'food5' });
    const startX = game.player.x;
    applyCommand(game, { type: 'throw', x: startX + 20, y: game.player.y });
    applyCommand(game, { type: 'throw', x: startX + 20, y: game.player.y });
    expect(game.entities.filter((e) => e.kind === 'thrownFood')).toHaveLength(1);
    expect(game.player.slots[1]).toEqual({ kind: 'food', count: 4 });
    run(game, 1);
    const food = game.entities.find((e) => e.kind === 'thrownFood');
    expect(food?.x).toBeCloseTo(startX + THROW_RANGE, 5);
    expect(food?.state).toBe('still');
    run(game, FOOD_LIFETIME);
    expect(game.entities.filter((e) => e.kind === 'thrownFood')).toHaveLength(0);
  });

  it('lies its 5 s from where it lands, not from the throw', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'give', item: 'food5' });
    applyCommand(game, { type: 'throw', x: game.player.x + 20, y: game.player.y });
    const food = game.entities.find((e) => e.kind === 'thrownFood') as Entity;
    let flight = 0;
    while (food.state === 'flying') {
      step(game);
      flight++;
    }
    // 8 tiles at 14 tiles/s: over half a second in the air.
    expect(flight * STEP).toBeGreaterThan(0.5);
    run(game, FOOD_LIFETIME - 0.05);
    expect(game.entities).toContain(food);
    run(game, 0.1);
    expect(game.entities).not.toContain(food);
  });
});

describe('critters', () => {
  it('a raccoon bites for 1, then the player cannot be hurt for 750 ms', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'select', slot: 2 });
    const raccoon = place(game, 'raccoon', 0.3, 0);
    raccoon.state = 'chasePlayer';
    step(game);
    expect(game.player.hp).toBe(MAX_HP - 1);
    run(game, 0.7);
    expect(game.player.hp).toBe(MAX_HP - 1);
    run(game, 0.1);
    expect(game.player.hp).toBe(MAX_HP - 2);
    expect(game.events.filter((e) => e.type === 'hurt')).toEqual([
      { type: 'hurt', by: 'raccoon', damage: 1 },
      { type: 'hurt', by: 'raccoon', damage: 1 },
    ]);
  });

  it('a running mower hits a raccoon instead: +5, and it runs for the pond', () => {
    const game = emptyYard();
    const raccoon = place(game, 'raccoon', 0.55, 0);
    raccoon.state = 'chasePlayer';
    step(game, right);
    expect(game.player.hp).toBe(MAX_HP);
    expect(game.events).toContainEqual({ type: 'hit', score: 5 });
    expect(raccoon.state).toBe('toPond');
  });

  it('a squirrel bites for 1 with a 650 ms window; fed, it is pacified and friendly for good', () => {
    const game = emptyYard(5, 2);
    applyCommand(game, { type: 'select', slot: 2 });
    const squirrel = place(game, 'squirrel', 0.3, 0);
    squirrel.state = 'chase';
    step(game);
    expect(game.player.hp).toBe(MAX_HP - 1);
    run(game, 0.6);
    expect(game.player.hp).toBe(MAX_HP - 1);
    run(game, 0.1);
    expect(game.player.hp).toBe(MAX_HP - 2);
    // Feed it: it chases the food, eats, and never bites again.
    game.player.x += 5;
    applyCommand(game, { type: 'give', item: 'food5' });
    squirrel.x = game.player.x - 3;
    squirrel.y = game.player.y;
    squirrel.state = 'wander';
    game.t += 1;
    applyCommand(game, { type: 'throw', x: squirrel.x, y: squirrel.y + 0.5 });
    run(game, 3);
    expect(squirrel.friendly).toBe(true);
    expect(game.events.some((e) => e.type === 'fed' && e.critter === 'squirrel')).toBe(true);
    const hp = game.player.hp;
    squirrel.x = game.player.x;
    squirrel.y = game.player.y;
    run(game, 8);
    expect(game.player.hp).toBe(hp);
  });

  it('a raccoon goes for thrown food, eats it and is pacified (no bites)', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'give', item: 'food5' });
    applyCommand(game, { type: 'select', slot: 2 });
    const raccoon = place(game, 'raccoon', 4, 0);
    applyCommand(game, { type: 'throw', x: game.player.x + 3, y: game.player.y });
    run(game, 4);
    expect(raccoon.state).toBe('pacified');
    const hp = game.player.hp;
    raccoon.x = game.player.x;
    raccoon.y = game.player.y;
    run(game, 2);
    expect(game.player.hp).toBe(hp);
  });

  it('a picking crow walked into pecks for 0.5; a crow fed drops a feather worth 5', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'select', slot: 2 });
    const crow = place(game, 'crow', 0.4, 0);
    crow.state = 'picking';
    crow.timer = 5;
    step(game);
    expect(game.player.hp).toBe(MAX_HP - 0.5);
    expect(crow.state).toBe('fleeing');
    const hungry = place(game, 'crow', -5, 0);
    applyCommand(game, { type: 'give', item: 'food5' });
    game.t += 1;
    applyCommand(game, { type: 'throw', x: game.player.x - 3, y: game.player.y });
    const score = game.player.score;
    run(game, 2);
    expect(game.player.score).toBe(score + 1);
    const feather = game.entities.find((e) => e.kind === 'feather');
    expect(feather).toBeDefined();
    expect(game.events).toContainEqual({ type: 'fed', critter: 'crow', score: 1 });
    expect(hungry.targetId).toBe(-1);
    game.player.x = feather?.x ?? 0;
    game.player.y = feather?.y ?? 0;
    step(game);
    expect(game.player.score).toBe(score + 6);
  });

  it('a crow peck leaves no hurt window (spec: only raccoons 750 ms and squirrels 650 ms)', () => {
    const game = emptyYard();
    applyCommand(game, { type: 'select', slot: 2 });
    const crow = place(game, 'crow', 0.4, 0);
    crow.state = 'picking';
    crow.timer = 5;
    step(game);
    expect(game.player.hp).toBe(MAX_HP - 0.5);
    expect(snapshot(game, false).player.invulnerable).toBe(false);
    // A raccoon arriving the next step bites at once.
    const raccoon = place(game, 'raccoon', -0.3, 0);
    raccoon.state = 'chasePlayer';
    step(game);
    expect(game.player.hp).toBe(MAX_HP - 1.5);
  });

  it('a crow lifts off before a running mower reaches it', () => {
    const game = emptyYard();
    const crow = place(game, 'crow', 2, 0);
    crow.state = 'picking';
    crow.timer = 5;
    step(game, right);
    expect(crow.state).toBe('fleeing');
  });
});

describe('levels and the end', () => {
  it('levels up at the mow target, keeps the score into a new yard, and is won at level 5', () => {
    const game = emptyYard();
    game.player.cutCount = 99;
    run(game, 0.2, right);
    expect(game.status).toBe('levelup');
    expect(game.events).toContainEqual({ type: 'levelup', level: 1 });
    const next = nextLevel(game, 5);
    expect(next.level).toBe(2);
    expect(next.player.score).toBe(game.player.score);
    expect(next.player.cutCount).toBe(0);
    expect(next.player.hp).toBe(MAX_HP);
    const last = createGame(5, { level: 5, cutCount: 260 });
    step(last);
    expect(last.status).toBe('win');
  });

  it('is over at 0 hp, and nothing moves after', () => {
    const game = emptyYard();
    game.player.hp = 0.5;
    const crow = place(game, 'crow', 0.3, 0);
    crow.state = 'picking';
    crow.timer = 5;
    applyCommand(game, { type: 'select', slot: 2 });
    step(game);
    expect(game.status).toBe('gameover');
    expect(game.player.hp).toBe(0);
    const t = game.t;
    step(game, right);
    expect(game.t).toBe(t);
  });
});

describe('saved progress (Continue)', () => {
  /** A yard (seed printed) where walking right, then down, cuts grass. */
  const seed = 4;

  it('brings back score, cut count, level and the mowed tiles; mowing them again counts nothing', () => {
    const game = createGame(seed, { level: 2, score: 40 });
    game.entities = [];
    run(game, 0.8, right);
    run(game, 0.6, { moveX: 0, moveY: 1, moveTo: null });
    const saved = progressOf(game);
    expect(saved.cutCount, `seed ${seed}`).toBeGreaterThan(5);
    expect(saved.cut).toHaveLength(saved.cutCount * 2);
    expect(saved.score).toBe(40 + saved.cutCount);
    // Through JSON, as local storage keeps it.
    const back = createGame(seed, JSON.parse(JSON.stringify(saved)));
    back.entities = [];
    expect(back.level).toBe(2);
    expect(back.player.score).toBe(saved.score);
    expect(back.player.cutCount).toBe(saved.cutCount);
    const cut = saved.cut ?? [];
    for (let i = 0; i < cut.length; i += 2) expect(tileAt(back, cut[i], cut[i + 1])).toBe(Tile.Cut);
    expect(progressOf(back)).toEqual(saved);
    // The same walk over the same (now cut) tiles: no new cuts, no points.
    run(back, 0.8, right);
    run(back, 0.6, { moveX: 0, moveY: 1, moveTo: null });
    expect(back.player.cutCount).toBe(saved.cutCount);
    expect(back.player.score).toBe(saved.score);
  });

  it('cuts saved tiles in chunks made later, and ignores saved tiles that cannot be cut', () => {
    // A tall tile three chunks away, and a tile that is not tall grass.
    let far = [3 * CHUNK + 5, 7];
    while (terrainAt(createGame(seed).seed, far[0], far[1]) !== Tile.Tall) far = [far[0] + 1, far[1]];
    let pond = [0, 0];
    const world = createGame(seed).seed;
    for (let x = 0; terrainAt(world, pond[0], pond[1]) !== Tile.Water; x++)
      pond = [x % 400, Math.floor(x / 400)];
    const game = createGame(seed, { cutCount: 2, cut: [...far, ...pond, 1.5, 2, ...far] });
    expect(game.mowed).toEqual(far);
    const cx = Math.floor(far[0] / CHUNK);
    const scene = chunkTiles(game, cx, 0);
    expect(scene[far[1] * CHUNK + far[0] - cx * CHUNK]).toBe(Tile.Cut);
    game.player.x = far[0] + 0.5;
    game.player.y = far[1] + 0.5;
    step(game);
    expect(tileAt(game, far[0], far[1])).toBe(Tile.Cut);
    expect(tileAt(game, pond[0], pond[1])).toBe(Tile.Water);
  });

  it('a save without the cut tiles (older saves) keeps its score, cut count and level on a fresh lawn', () => {
    const game = createGame(seed, { level: 3, score: 77, cutCount: 25 });
    expect([game.level, game.player.score, game.player.cutCount]).toEqual([3, 77, 25]);
    expect(game.mowed).toEqual([]);
  });
});

describe('water', () => {
  /** The player's distance to the nearest water tile (Infinity when none within 3 tiles). */
  const toWater = (game: YardGame) => {
    let best = Number.POSITIVE_INFINITY;
    const { x, y } = game.player;
    for (let ty = Math.floor(y) - 3; ty <= Math.floor(y) + 3; ty++)
      for (let tx = Math.floor(x) - 3; tx <= Math.floor(x) + 3; tx++)
        if (tileAt(game, tx, ty) === Tile.Water)
          best = Math.min(best, Math.hypot(Math.max(tx - x, 0, x - tx - 1), Math.max(ty - y, 0, y - ty - 1)));
    return best;
  };

  it('blocks the mower: with it in hand the gardener stays its reach from any pond (seeded walks)', () => {
    let nearPonds = 0;
    for (const seed of [6, 8, 16, 32]) {
      const game = createGame(seed);
      game.entities = [];
      const rng = createRng(seed);
      let input = randomMove(rng);
      for (let i = 0; i < 4000; i++) {
        if (i % 90 === 0) input = randomMove(rng);
        step(game, input);
        const d = toWater(game);
        if (d < 2) nearPonds++;
        expect(d, `seed ${seed} step ${i}`).toBeGreaterThanOrEqual(MOWER_REACH - 1e-9);
      }
    }
    // The walks did go to the water's edge.
    expect(nearPonds).toBeGreaterThan(100);
  });

  it('without the mower in hand the gardener walks up to the shore; taking it out there, no step goes nearer', () => {
    // Seed 6: a pond 7 to 16 tiles right of the spawn.
    const game = createGame(6);
    game.entities = [];
    applyCommand(game, { type: 'select', slot: 2 });
    run(game, 3, right);
    const shore = toWater(game);
    expect(shore).toBeLessThan(MOWER_REACH);
    applyCommand(game, { type: 'select', slot: 0 });
    run(game, 0.5, right);
    expect(toWater(game)).toBeCloseTo(shore, 9);
    run(game, 0.5, { moveX: -1, moveY: 0, moveTo: null });
    expect(toWater(game)).toBeGreaterThan(shore);
  });
});

describe('determinism', () => {
  it('the same seed and inputs give the same game (seeded fuzz; seed printed)', () => {
    for (const seed of [3, 1234, 99991]) {
      const play = () => {
        const game = createGame(seed);
        const rng = createRng(seed);
        for (let i = 0; i < 1200; i++) {
          const input = randomMove(rng);
          if (i % 200 === 0) applyCommand(game, { type: 'give', item: 'food5' });
          if (i % 97 === 0) applyCommand(game, { type: 'throw', x: game.player.x + 3, y: game.player.y - 2 });
          step(game, input);
        }
        return JSON.stringify({ p: game.player, e: game.entities, t: game.t });
      };
      expect(play(), `seed ${seed}`).toBe(play());
    }
  });

  it('walls stop the player: never inside water, a tree or a bush', () => {
    for (const seed of [8, 16, 32]) {
      const game = createGame(seed);
      game.entities = [];
      const rng = createRng(seed);
      let input = randomMove(rng);
      for (let i = 0; i < 3000; i++) {
        if (i % 90 === 0) input = randomMove(rng);
        step(game, input);
        const t = tileAt(game, game.player.x, game.player.y);
        expect([Tile.Water, Tile.Tree, Tile.Bush], `seed ${seed} step ${i}`).not.toContain(t);
      }
    }
  });
});
