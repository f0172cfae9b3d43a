import { describe, expect, it, vi } from 'vitest';
import { RaceCamera } from './camera.ts';
import { StrokeInk } from './strokeInk.ts';

describe('StrokeInk', () => {
  it('reports a press as shown only once a frame was drawn after it', () => {
    const ink = new StrokeInk();
    expect(ink.shown).toBe(0);
    ink.start(RaceCamera.world({ x: 1, y: 2 }), 40, 7);
    expect(ink.shown).toBe(0);
    expect(ink.takeChange()).toBe(true);
    expect(ink.takeChange()).toBe(false);
    ink.painted();
    expect(ink.shown).toBe(7);
    ink.extend(RaceCamera.world({ x: 5, y: 6 }));
    expect(ink.xs).toEqual([1, 5]);
    expect(ink.takeChange()).toBe(true);
    ink.clear();
    expect(ink.empty).toBe(true);
    // Moves after the stroke ended draw nothing.
    ink.extend(RaceCamera.world({ x: 9, y: 9 }));
    expect(ink.empty).toBe(true);
    ink.painted();
    expect(ink.shown).toBe(7);
  });
});

describe('RaceScene input to screen', () => {
  it('reports the stroke press its drawn frame shows, from the frame that draws the ink on', async () => {
    // Pixi reads navigator at import; the scene itself touches no DOM.
    vi.stubGlobal('navigator', { userAgent: 'node' });
    const { Container } = await import('pixi.js');
    const { RaceScene } = await import('./RaceScene.ts');
    const scene = new RaceScene();
    const render = vi.fn();
    // What init would make, without a GPU: the scene's own layers are real Pixi objects.
    Object.assign(scene, {
      app: { render, renderer: { resize: vi.fn() }, stage: new Container() },
      sparks: { sync: vi.fn() },
      staticDirty: false,
    });
    const stroke = (scene as unknown as { stroke: InstanceType<typeof Container> }).stroke;
    scene.draw(1, 0);
    expect(scene.shownInput()).toBe(0);

    scene.input({ type: 'strokeStart', point: RaceCamera.world({ x: 100, y: 100 }), brush: 40, seq: 12 });
    expect(scene.shownInput()).toBe(0);
    expect(stroke.getLocalBounds().width).toBe(0);
    const renders = render.mock.calls.length;
    scene.draw(1, 16);
    expect(render.mock.calls.length).toBe(renders + 1);
    expect(scene.shownInput()).toBe(12);
    // The ink is on: a road at least the brush wide round the press.
    expect(stroke.getLocalBounds().width).toBeGreaterThanOrEqual(40);

    scene.input({ type: 'strokeTo', point: RaceCamera.world({ x: 200, y: 100 }) });
    scene.draw(1, 32);
    expect(stroke.getLocalBounds().width).toBeGreaterThanOrEqual(140);
    expect(scene.shownInput()).toBe(12);
    scene.input({ type: 'strokeEnd' });
    scene.draw(1, 48);
    expect(stroke.getLocalBounds().width).toBe(0);
    vi.unstubAllGlobals();
  });
});
