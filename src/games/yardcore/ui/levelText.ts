import { mowTarget, SQUIRREL_FROM_LEVEL, WIN_LEVEL } from '../engine/constants.ts';

/**
 * The level-up card's news: what the next level asks and what it really adds. Each level
 * is a new yard with a bigger mow target; squirrels join at SQUIRREL_FROM_LEVEL only; the
 * WIN_LEVEL-th is the last.
 */
export function levelUpNews(mowedLevel: number): string {
  const next = mowedLevel + 1;
  const last = next === WIN_LEVEL ? ', the last one' : '';
  const squirrels = next === SQUIRREL_FROM_LEVEL ? ', and squirrels join the raccoons' : '';
  return `Next: level ${next}${last}. Mow ${mowTarget(next)} tiles${squirrels}.`;
}
