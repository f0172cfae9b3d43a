import { describe, expect, it } from 'vitest';
import { screenPoint as sp } from '../scene/camera.ts';
import { type GestureAction, GestureRecognizer } from './gestures.ts';

const types = (actions: GestureAction[]) => actions.map((a) => a.type);

describe('GestureRecognizer', () => {
  it('a double tap under 300 ms on empty space adds a planet', () => {
    const g = new GestureRecognizer();
    g.down(1, sp(100, 100), 0, null);
    expect(types(g.up(1, sp(100, 100), 80))).toEqual(['disarmHold', 'select']);
    g.down(1, sp(102, 101), 200, null);
    expect(g.up(1, sp(102, 101), 260)).toContainEqual({ type: 'addPlanet', at: { x: 102, y: 101 } });
  });

  it('two taps 300 ms apart or more are two single taps', () => {
    const g = new GestureRecognizer();
    g.down(1, sp(100, 100), 0, null);
    g.up(1, sp(100, 100), 50);
    g.down(1, sp(100, 100), 350, null);
    expect(types(g.up(1, sp(100, 100), 400))).not.toContain('addPlanet');
  });

  it('holding still 600 ms on space adds a star; moving over 10 px cancels it', () => {
    const g = new GestureRecognizer();
    expect(g.down(1, sp(50, 60), 1000, null)).toEqual([{ type: 'armHold', at: 1600 }]);
    g.move(1, sp(55, 64));
    expect(g.holdElapsed(1600)).toEqual([{ type: 'addStar', at: { x: 50, y: 60 } }]);
    expect(types(g.up(1, sp(55, 64), 1700))).not.toContain('addPlanet');

    const h = new GestureRecognizer();
    h.down(1, sp(50, 60), 0, null);
    expect(types(h.move(1, sp(62, 60)))).toEqual(['disarmHold', 'pan']);
    expect(h.holdElapsed(600)).toEqual([]);
  });

  it('a hold whose release is handled before its timer ran still adds one star, not a tap', () => {
    // A busy main thread: the press is handled late, the release is queued before the timer.
    const g = new GestureRecognizer();
    g.down(1, sp(50, 60), 1000, null);
    expect(g.up(1, sp(51, 60), 1900)).toEqual([
      { type: 'disarmHold' },
      { type: 'addStar', at: { x: 50, y: 60 } },
    ]);
    expect(g.holdElapsed(1950)).toEqual([]);
    // …and the next quick tap is a tap, not the second half of a double tap.
    g.down(1, sp(50, 60), 2000, null);
    expect(types(g.up(1, sp(50, 60), 2050))).toEqual(['disarmHold', 'select']);

    // Released a moment short of 600 ms: a tap.
    const h = new GestureRecognizer();
    h.down(1, sp(50, 60), 0, null);
    expect(types(h.up(1, sp(50, 60), 599))).toEqual(['disarmHold', 'select']);
  });

  it('pressing a body selects it; moving it drags it', () => {
    const g = new GestureRecognizer();
    expect(g.down(1, sp(10, 10), 0, 7)).toEqual([{ type: 'select', id: 7 }]);
    expect(g.move(1, sp(14, 10))).toEqual([]);
    expect(types(g.move(1, sp(30, 10)))).toEqual(['dragStart', 'dragMove']);
    expect(g.move(1, sp(40, 12))).toEqual([{ type: 'dragMove', id: 7, at: { x: 40, y: 12 } }]);
    expect(g.up(1, sp(40, 12), 500)).toEqual([{ type: 'dragEnd', id: 7 }]);
  });

  it('two fingers pinch-zoom around their midpoint', () => {
    const g = new GestureRecognizer();
    g.down(1, sp(100, 100), 0, null);
    g.down(2, sp(200, 100), 10, null);
    const [pinch] = g.move(2, sp(300, 100));
    expect(pinch).toEqual({ type: 'pinch', factor: 2, at: { x: 200, y: 100 } });
    expect(g.up(2, sp(300, 100), 100)).toEqual([]);
    expect(types(g.up(1, sp(100, 100), 120))).not.toContain('addPlanet');
  });
});
