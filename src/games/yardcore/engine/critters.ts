/** The critters' behaviour, one step at a time: crows, raccoons, squirrels, and thrown food in flight. */
import {
  CROW_DAMAGE,
  CROW_FED_SCORE,
  FOOD_LIFETIME,
  RACCOON_DAMAGE,
  RACCOON_HIT_SCORE,
  RACCOON_INVULNERABLE,
  SQUIRREL_DAMAGE,
  SQUIRREL_INVULNERABLE,
  STEP,
} from './constants.ts';
import { mowing } from './player.ts';
import type { Entity, YardGame } from './state.ts';
import { addEntity, moveWithCollision, tileAt } from './tiles.ts';
import { Tile } from './world.ts';

const SQUIRREL = { wander: 2.5, chase: 4.6, notice: 4, giveUp: 7, smellFood: 7, eat: 1.5, calm: 6 };

const RACCOON = {
  wander: 1.5,
  chase: 3.8,
  run: 4.5,
  notice: 5,
  giveUp: 9,
  smellFood: 7,
  eat: 2,
  calm: 8,
  pond: 8,
};

const CROW = { walk: 1.2, fly: 9, notice: 2.4, smellFood: 7 };

const THROW_SPEED = 14;

const CONTACT = 0.7;

function hurt(game: YardGame, by: 'crow' | 'raccoon' | 'squirrel', damage: number, window: number): boolean {
  const player = game.player;
  if (game.t < player.invulnerableUntil) return false;
  player.hp = Math.max(0, player.hp - damage);
  player.invulnerableUntil = game.t + window;
  game.events.push({ type: 'hurt', by, damage });
  return true;
}

/** The nearest landed thrown food within `range` tiles, or null. */
function nearestFood(game: YardGame, e: Entity, range: number): Entity | null {
  let best: Entity | null = null;
  let bestD = range * range;
  for (const f of game.entities) {
    if (f.kind !== 'thrownFood' || f.state !== 'still' || f.timer <= 0) continue;
    const d = (f.x - e.x) ** 2 + (f.y - e.y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = f;
    }
  }
  return best;
}

function foodById(game: YardGame, id: number): Entity | null {
  if (id < 0) return null;
  for (const f of game.entities) if (f.id === id && f.kind === 'thrownFood' && f.timer > 0) return f;
  return null;
}

/** Walks toward (gx, gy) at `speed`; true once within `arrive` tiles. */
function walkTo(
  game: YardGame,
  e: Entity,
  gx: number,
  gy: number,
  speed: number,
  arrive = 0.3,
  solid = true,
): boolean {
  const dx = gx - e.x;
  const dy = gy - e.y;
  const d = Math.hypot(dx, dy);
  if (d <= arrive) {
    e.vx = 0;
    e.vy = 0;
    return true;
  }
  const stride = Math.min(d, speed * STEP);
  e.vx = (dx / d) * speed;
  e.vy = (dy / d) * speed;
  if (!solid) {
    e.x += (dx / d) * stride;
    e.y += (dy / d) * stride;
    return false;
  }
  if (!moveWithCollision(game, e, (dx / d) * stride, (dy / d) * stride, 0.3)) {
    // Stuck on a bush or the shore: pick another way next time.
    e.timer = Math.min(e.timer, 0);
  }
  return false;
}

function pickWanderGoal(game: YardGame, e: Entity, radius: number, aroundX = e.x, aroundY = e.y): void {
  e.goalX = aroundX + game.rng.range(-radius, radius);
  e.goalY = aroundY + game.rng.range(-radius, radius);
  e.timer = game.rng.range(2, 4);
}

export function stepCrow(game: YardGame, e: Entity): void {
  const player = game.player;
  const dPlayer = Math.hypot(player.x - e.x, player.y - e.y);
  e.timer -= STEP;
  if (e.state === 'fleeing') {
    const d = dPlayer || 1;
    walkTo(game, e, e.x + ((e.x - player.x) / d) * 3, e.y + ((e.y - player.y) / d) * 3, CROW.fly, 0, false);
    if (e.timer <= 0) {
      e.state = 'idle';
      e.timer = game.rng.range(1, 3);
    }
    return;
  }
  // A running mower is loud: crows lift off before it reaches them.
  if (mowing(game) && dPlayer < CROW.notice) {
    e.state = 'fleeing';
    e.timer = 1.2;
    e.targetId = -1;
    return;
  }
  // A picking crow that is walked into pecks and flies off.
  if (e.state === 'picking' && e.targetId < 0 && dPlayer < CONTACT) {
    // The spec gives a crow's peck no hurt window (only raccoons and squirrels have one).
    hurt(game, 'crow', CROW_DAMAGE, 0);
    e.state = 'fleeing';
    e.timer = 1.2;
    return;
  }
  const food = foodById(game, e.targetId) ?? nearestFood(game, e, CROW.smellFood);
  if (food) {
    e.state = 'picking';
    e.targetId = food.id;
    if (walkTo(game, e, food.x, food.y, CROW.fly, 0.2, false)) {
      food.timer = 0;
      player.score += CROW_FED_SCORE;
      game.events.push({ type: 'fed', critter: 'crow', score: CROW_FED_SCORE });
      addEntity(game, 'feather', e.x + 0.4, e.y + 0.2);
      e.targetId = -1;
      e.state = 'fleeing';
      e.timer = 1;
    }
    return;
  }
  e.targetId = -1;
  if (e.state === 'idle') {
    // Hops about a little, then settles to pick at the ground.
    if (e.timer <= 0) {
      e.state = 'picking';
      e.timer = game.rng.range(2, 4);
    } else {
      walkTo(game, e, e.goalX, e.goalY, CROW.walk, 0.1);
      if (game.rng.next() < 0.01) pickWanderGoal(game, e, 1.5);
    }
  } else if (e.timer <= 0) {
    e.state = 'idle';
    pickWanderGoal(game, e, 1.5);
  }
}

/** The nearest water tile within 20 tiles, or a point away from the player when there is none. */
function pondNear(game: YardGame, e: Entity): { x: number; y: number } {
  const x0 = Math.floor(e.x);
  const y0 = Math.floor(e.y);
  for (let r = 1; r <= 20; r++) {
    for (let k = -r; k <= r; k++) {
      for (const [tx, ty] of [
        [x0 + k, y0 - r],
        [x0 + k, y0 + r],
        [x0 - r, y0 + k],
        [x0 + r, y0 + k],
      ]) {
        if (tileAt(game, tx, ty) === Tile.Water) return { x: tx + 0.5, y: ty + 0.5 };
      }
    }
  }
  const d = Math.hypot(e.x - game.player.x, e.y - game.player.y) || 1;
  return { x: e.x + ((e.x - game.player.x) / d) * 12, y: e.y + ((e.y - game.player.y) / d) * 12 };
}

export function stepRaccoon(game: YardGame, e: Entity): void {
  const player = game.player;
  const dPlayer = Math.hypot(player.x - e.x, player.y - e.y);
  e.timer -= STEP;
  switch (e.state) {
    case 'eating': {
      if (e.timer <= 0) {
        const food = foodById(game, e.targetId);
        if (food) food.timer = 0;
        e.targetId = -1;
        e.state = 'pacified';
        e.timer = RACCOON.calm;
        game.events.push({ type: 'fed', critter: 'raccoon', score: 0 });
      }
      return;
    }
    case 'toPond': {
      // Runs to the water and sulks there a while.
      if (walkTo(game, e, e.goalX, e.goalY, RACCOON.run, 1.2) && e.timer > RACCOON.pond)
        e.timer = RACCOON.pond;
      if (e.timer <= 0) {
        e.state = 'wander';
        pickWanderGoal(game, e, 5);
      }
      return;
    }
    case 'pacified': {
      if (e.timer <= 0) {
        e.state = 'wander';
        pickWanderGoal(game, e, 5);
        return;
      }
      if (walkTo(game, e, e.goalX, e.goalY, RACCOON.wander * 0.6)) {
        const left = e.timer;
        pickWanderGoal(game, e, 3);
        e.timer = left;
      }
      return;
    }
  }
  const food = foodById(game, e.targetId) ?? nearestFood(game, e, RACCOON.smellFood);
  if (food) {
    e.state = 'chaseFood';
    e.targetId = food.id;
    if (walkTo(game, e, food.x, food.y, RACCOON.chase, 0.4)) {
      e.state = 'eating';
      e.timer = RACCOON.eat;
    }
    return;
  }
  e.targetId = -1;
  if (e.state === 'chaseFood') e.state = 'wander';
  if (dPlayer < CONTACT && (e.state === 'chasePlayer' || e.state === 'wander')) {
    if (mowing(game)) {
      // The mower wins: it bolts for the pond.
      player.score += RACCOON_HIT_SCORE;
      game.events.push({ type: 'hit', score: RACCOON_HIT_SCORE });
      const pond = pondNear(game, e);
      e.state = 'toPond';
      e.goalX = pond.x;
      e.goalY = pond.y;
      e.timer = 30;
      return;
    }
    hurt(game, 'raccoon', RACCOON_DAMAGE, RACCOON_INVULNERABLE);
  }
  if (e.state === 'wander' && dPlayer < RACCOON.notice) e.state = 'chasePlayer';
  if (e.state === 'chasePlayer') {
    if (dPlayer > RACCOON.giveUp) {
      e.state = 'wander';
      pickWanderGoal(game, e, 5);
    } else {
      walkTo(game, e, player.x, player.y, RACCOON.chase, 0.2);
    }
    return;
  }
  if (e.timer <= 0 || walkTo(game, e, e.goalX, e.goalY, RACCOON.wander)) pickWanderGoal(game, e, 5);
}

export function stepSquirrel(game: YardGame, e: Entity): void {
  const player = game.player;
  const dPlayer = Math.hypot(player.x - e.x, player.y - e.y);
  e.timer -= STEP;
  if (e.state === 'eating') {
    if (e.timer <= 0) {
      const food = foodById(game, e.targetId);
      if (food) food.timer = 0;
      e.targetId = -1;
      e.state = 'pacified';
      e.timer = SQUIRREL.calm;
      e.friendly = true;
      game.events.push({ type: 'fed', critter: 'squirrel', score: 0 });
    }
    return;
  }
  if (e.state === 'pacified') {
    if (e.timer <= 0) e.state = 'wander';
    else if (walkTo(game, e, e.goalX, e.goalY, SQUIRREL.wander * 0.5)) pickWanderGoal(game, e, 2);
    return;
  }
  const food = foodById(game, e.targetId) ?? nearestFood(game, e, SQUIRREL.smellFood);
  if (food) {
    e.state = 'chase';
    e.targetId = food.id;
    if (walkTo(game, e, food.x, food.y, SQUIRREL.chase, 0.4)) {
      e.state = 'eating';
      e.timer = SQUIRREL.eat;
    }
    return;
  }
  e.targetId = -1;
  if (e.friendly) {
    // A friend scampers about near the player.
    e.state = 'wander';
    if (e.timer <= 0 || walkTo(game, e, e.goalX, e.goalY, SQUIRREL.chase, 0.5))
      pickWanderGoal(game, e, 2, player.x, player.y);
    return;
  }
  if (e.state === 'chase' && dPlayer < CONTACT)
    hurt(game, 'squirrel', SQUIRREL_DAMAGE, SQUIRREL_INVULNERABLE);
  if (e.state === 'wander' && dPlayer < SQUIRREL.notice) e.state = 'chase';
  if (e.state === 'chase') {
    if (dPlayer > SQUIRREL.giveUp) {
      e.state = 'wander';
      pickWanderGoal(game, e, 4);
    } else {
      walkTo(game, e, player.x, player.y, SQUIRREL.chase, 0.2);
    }
    return;
  }
  if (e.timer <= 0 || walkTo(game, e, e.goalX, e.goalY, SQUIRREL.wander)) pickWanderGoal(game, e, 4);
}

export function stepFood(e: Entity): void {
  if (e.state === 'flying') {
    const dx = e.goalX - e.x;
    const dy = e.goalY - e.y;
    const d = Math.hypot(dx, dy);
    const stride = THROW_SPEED * STEP;
    if (d <= stride) {
      e.x = e.goalX;
      e.y = e.goalY;
      e.state = 'still';
      e.timer = FOOD_LIFETIME;
      // 'still' items are picked up by the player: thrown food is not, it is bait.
    } else {
      e.x += (dx / d) * stride;
      e.y += (dy / d) * stride;
    }
    return;
  }
  e.timer -= STEP;
}
