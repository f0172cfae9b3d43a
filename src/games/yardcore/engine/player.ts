/** The gardener: commands (select, throw, refuel), walking, mowing and picking things up. */
import {
  ACTION_COOLDOWN,
  FEATHER_SCORE,
  FOOD_LIFETIME,
  FOOD_PICKUP_SCORE,
  FUEL_PER_CUT,
  INVENTORY_SLOTS,
  MOWER_FUEL,
  PLAYER_SPEED,
  SCORE_PER_CUT,
  STEP,
  THROW_RANGE,
} from './constants.ts';
import type { ItemSlot, YardCommand, YardGame, YardInput } from './state.ts';
import { addEntity, moveWithCollision, setTile, tileAt } from './tiles.ts';
import { Tile } from './world.ts';

const PICKUP = 0.7;

const PLAYER_RADIUS = 0.3;

const say = (game: YardGame, text: string): void => {
  game.events.push({ type: 'message', text });
};

export function applyCommand(game: YardGame, command: YardCommand): void {
  if (game.status !== 'playing') return;
  const player = game.player;
  if (command.type === 'select') {
    if (Number.isInteger(command.slot) && command.slot >= 0 && command.slot < INVENTORY_SLOTS)
      player.activeSlot = command.slot;
    return;
  }
  if (command.type === 'give') {
    if (command.item === 'food5') addFood(game, 5);
    else if (command.item === 'fuelCan') {
      if (!stow(game, { kind: 'fuelCan' })) say(game, 'Inventory full');
    } else if (!stow(game, { kind: 'mower', fuel: MOWER_FUEL })) say(game, 'Inventory full');
    return;
  }
  if (game.t < player.readyAt) return;
  if (command.type === 'use') {
    const active = player.slots[player.activeSlot];
    if (active.kind !== 'fuelCan') return;
    const mower = player.slots.find((s): s is { kind: 'mower'; fuel: number } => s.kind === 'mower');
    if (!mower) {
      say(game, 'No mower to refuel');
      return;
    }
    if (mower.fuel >= MOWER_FUEL) {
      say(game, 'The mower is already full');
      return;
    }
    mower.fuel = MOWER_FUEL;
    player.slots[player.activeSlot] = { kind: 'empty' };
    player.readyAt = game.t + ACTION_COOLDOWN;
    game.events.push({ type: 'refuel' });
    return;
  }
  // Throw: from the first food stack, toward the point, at most THROW_RANGE tiles.
  const stack = player.slots.find((s): s is { kind: 'food'; count: number } => s.kind === 'food');
  if (!stack) {
    say(game, 'No food to throw');
    return;
  }
  const dx = command.x - player.x;
  const dy = command.y - player.y;
  const distance = Math.hypot(dx, dy);
  if (!Number.isFinite(distance)) return;
  const reach = Math.min(distance, THROW_RANGE);
  const ux = distance > 1e-6 ? dx / distance : player.facingX;
  const uy = distance > 1e-6 ? dy / distance : player.facingY;
  stack.count--;
  if (stack.count <= 0) {
    const i = player.slots.indexOf(stack);
    player.slots[i] = { kind: 'empty' };
  }
  const food = addEntity(game, 'thrownFood', player.x, player.y);
  food.state = 'flying';
  food.goalX = player.x + ux * reach;
  food.goalY = player.y + uy * reach;
  // Its 5 s lying there start when it lands (stepFood); in flight it cannot rot.
  food.timer = FOOD_LIFETIME;
  player.readyAt = game.t + ACTION_COOLDOWN;
  game.events.push({ type: 'throw' });
}

/** Puts an item in the first empty slot; false when the inventory is full. */
function stow(game: YardGame, item: ItemSlot): boolean {
  const i = game.player.slots.findIndex((s) => s.kind === 'empty');
  if (i < 0) return false;
  game.player.slots[i] = item;
  return true;
}

function addFood(game: YardGame, count: number): boolean {
  const stack = game.player.slots.find((s): s is { kind: 'food'; count: number } => s.kind === 'food');
  if (stack) {
    stack.count += count;
    return true;
  }
  return stow(game, { kind: 'food', count });
}

/** The player pushes a running mower: the active slot is a mower with fuel, and the player moves. */
export function mowing(game: YardGame): boolean {
  const active = game.player.slots[game.player.activeSlot];
  return active.kind === 'mower' && active.fuel > 0 && game.player.moving;
}

export function movePlayer(game: YardGame, input: YardInput): void {
  const player = game.player;
  let dx = 0;
  let dy = 0;
  if (input.moveTo) {
    const gx = input.moveTo.x - player.x;
    const gy = input.moveTo.y - player.y;
    const d = Math.hypot(gx, gy);
    if (d > 0.08) {
      const stride = Math.min(d, PLAYER_SPEED * STEP);
      dx = (gx / d) * stride;
      dy = (gy / d) * stride;
    }
  } else {
    let mx = Number.isFinite(input.moveX) ? Math.max(-1, Math.min(1, input.moveX)) : 0;
    let my = Number.isFinite(input.moveY) ? Math.max(-1, Math.min(1, input.moveY)) : 0;
    const length = Math.hypot(mx, my);
    if (length > 1) {
      mx /= length;
      my /= length;
    }
    dx = mx * PLAYER_SPEED * STEP;
    dy = my * PLAYER_SPEED * STEP;
  }
  player.moving = false;
  if (dx === 0 && dy === 0) return;
  const d = Math.hypot(dx, dy);
  player.facingX = dx / d;
  player.facingY = dy / d;
  player.moving = moveWithCollision(game, player, dx, dy, PLAYER_RADIUS);
}

export function mow(game: YardGame): void {
  if (!mowing(game)) return;
  const player = game.player;
  if (tileAt(game, player.x, player.y) !== Tile.Tall) return;
  const mower = player.slots[player.activeSlot] as { kind: 'mower'; fuel: number };
  setTile(game, player.x, player.y, Tile.Cut);
  mower.fuel = Math.max(0, mower.fuel - FUEL_PER_CUT);
  player.score += SCORE_PER_CUT;
  player.cutCount++;
  game.mowed.push(Math.floor(player.x), Math.floor(player.y));
  game.events.push({ type: 'cut', x: Math.floor(player.x), y: Math.floor(player.y) });
  if (mower.fuel === 0) {
    game.events.push({ type: 'outOfFuel' });
    say(game, 'Out of fuel: find a fuel can');
  }
}

export function pickUp(game: YardGame): void {
  const player = game.player;
  for (const e of game.entities) {
    if (e.state !== 'still') continue;
    const near = Math.abs(e.x - player.x) < PICKUP && Math.abs(e.y - player.y) < PICKUP;
    if (!near) {
      e.nagged = false;
      continue;
    }
    if (e.kind === 'food') {
      if (!addFood(game, 1)) {
        if (!e.nagged) say(game, 'Inventory full');
        e.nagged = true;
        continue;
      }
      player.score += FOOD_PICKUP_SCORE;
      game.events.push({ type: 'pickup', item: 'food', score: FOOD_PICKUP_SCORE });
      e.timer = -1;
    } else if (e.kind === 'feather') {
      player.score += FEATHER_SCORE;
      game.events.push({ type: 'pickup', item: 'feather', score: FEATHER_SCORE });
      e.timer = -1;
    } else if (e.kind === 'fuelCan') {
      if (player.slots.some((s) => s.kind === 'fuelCan')) {
        if (!e.nagged) say(game, 'Already carrying a can');
        e.nagged = true;
        continue;
      }
      if (!stow(game, { kind: 'fuelCan' })) {
        if (!e.nagged) say(game, 'Inventory full');
        e.nagged = true;
        continue;
      }
      game.events.push({ type: 'pickup', item: 'fuelCan', score: 0 });
      e.timer = -1;
    } else if (e.kind === 'mower' || e.kind === 'mowerEmpty') {
      if (!stow(game, { kind: 'mower', fuel: e.kind === 'mower' ? MOWER_FUEL : 0 })) {
        if (!e.nagged) say(game, 'Inventory full');
        e.nagged = true;
        continue;
      }
      game.events.push({ type: 'pickup', item: 'mower', score: 0 });
      e.timer = -1;
    }
  }
}
