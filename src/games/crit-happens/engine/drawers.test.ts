import { describe, expect, it } from 'vitest';
import {
  closeDrawers,
  DRAWER_KEYS,
  drawersToStore,
  initialDrawers,
  isClosingSwipe,
  isNarrow,
  setDrawer,
  toggleDrawer,
} from './drawers.ts';

describe('drawers', () => {
  it('are narrow at 768 px and below', () => {
    expect(isNarrow(768)).toBe(true);
    expect(isNarrow(769)).toBe(false);
  });

  it('start closed on narrow screens whatever was stored', () => {
    expect(initialDrawers(true, { left: '1', right: '1' })).toEqual({ left: false, right: false });
  });

  it('restore the stored state on desktop, open by default', () => {
    expect(initialDrawers(false, { left: null, right: null })).toEqual({ left: true, right: true });
    expect(initialDrawers(false, { left: '0', right: '1' })).toEqual({ left: false, right: true });
  });

  it('open one at a time on narrow screens, both on desktop', () => {
    const both = { left: true, right: false };
    expect(setDrawer(both, 'right', true, true)).toEqual({ left: false, right: true });
    expect(setDrawer(both, 'right', true, false)).toEqual({ left: true, right: true });
    expect(toggleDrawer({ left: false, right: true }, 'left', true)).toEqual({ left: true, right: false });
    expect(toggleDrawer({ left: true, right: true }, 'left', false)).toEqual({ left: false, right: true });
    expect(closeDrawers()).toEqual({ left: false, right: false });
  });

  it("persist as '1'/'0' on desktop only", () => {
    expect(drawersToStore({ left: true, right: false }, false)).toEqual({
      [DRAWER_KEYS.left]: '1',
      [DRAWER_KEYS.right]: '0',
    });
    expect(DRAWER_KEYS).toEqual({ left: 'crithappens:leftOpen', right: 'crithappens:rightOpen' });
    expect(drawersToStore({ left: true, right: false }, true)).toBeNull();
  });

  it('close on a horizontal swipe over 64 px, 1.5x dominant, toward their edge', () => {
    expect(isClosingSwipe('left', -65, 0)).toBe(true);
    expect(isClosingSwipe('left', -64, 0)).toBe(false);
    expect(isClosingSwipe('left', 65, 0)).toBe(false);
    expect(isClosingSwipe('right', 80, 10)).toBe(true);
    expect(isClosingSwipe('right', 90, 60)).toBe(true);
    expect(isClosingSwipe('right', 90, 61)).toBe(false);
  });
});
