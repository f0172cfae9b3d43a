// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RaceCamera, type WorldPoint } from '../scene/camera.ts';
import type { RaceSceneInput } from '../scene/RaceScene.ts';
import { PointerGestures } from './pointerGestures.ts';
import { initialRaceUiState, useRaceStore } from './store.ts';

function setUp() {
  const stage = document.createElement('div');
  const canvas = document.createElement('canvas');
  stage.append(canvas);
  document.body.append(stage);
  const camera = new RaceCamera();
  camera.setViewport(400, 300);
  camera.setWorld(400, 300);
  const inputs: RaceSceneInput['type'][] = [];
  const strokes: WorldPoint[][] = [];
  const gestures = new PointerGestures({
    stage,
    canvas: () => canvas,
    camera,
    moveCamera: (change) => change(camera),
    sceneInput: (input) => inputs.push(input.type),
    strokeDone: (points) => strokes.push(points),
  });
  const pointer = (type: string, x: number, y: number) =>
    stage.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, clientX: x, clientY: y }));
  const drawLine = () => {
    pointer('pointerdown', 10, 10);
    pointer('pointermove', 60, 10);
    pointer('pointerup', 60, 10);
  };
  return { gestures, inputs, strokes, drawLine };
}

beforeEach(() => {
  // The page is ready and its intro was closed: a press may start a stroke.
  useRaceStore.setState({ ...initialRaceUiState, ready: true, introOpen: false });
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('PointerGestures', () => {
  it('turns a press, a move and a lift on the stage into a stroke for the scene and the session', () => {
    const { gestures, inputs, strokes, drawLine } = setUp();
    gestures.bind(new AbortController().signal);
    drawLine();
    expect(inputs).toEqual(['strokeStart', 'strokeTo']);
    expect(strokes).toHaveLength(1);
    expect(strokes[0]).toHaveLength(2);
  });

  it('stops listening when its signal aborts, so a disposed session draws nothing on a stage it shared', () => {
    const { gestures, inputs, strokes, drawLine } = setUp();
    const listening = new AbortController();
    gestures.bind(listening.signal);
    listening.abort();
    drawLine();
    expect(inputs).toEqual([]);
    expect(strokes).toEqual([]);
  });
});
