// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { blankTextures, dieSprite } from './dice.testutil.ts';

vi.mock('./FaceLabel.ts', async () => ({
  FaceLabel: (await import('./textFaceLabel.testutil.ts')).TextFaceLabel,
}));

describe('DieSprite', () => {
  it('stacks shadow, glow, body and face, with the glow and pips hidden until asked for', () => {
    const die = dieSprite('d20');
    expect(die.root.children).toEqual([die.shadow, die.glow, die.body, die.face]);
    expect(die.face.children).toEqual([die.pips, die.label.root]);
    expect(die.glow.visible).toBe(false);
    expect(die.pips.visible).toBe(false);
    expect(die.size).toBe(60);
  });

  it('tints the body in the dice colour and only the pips and numeral in the numbers colour', () => {
    const die = dieSprite('d6');
    die.tint({ dice: '#123456', numbers: '#abcdef' });
    expect(die.body.tint).toBe(0x123456);
    expect(die.pips.tint).toBe(0xabcdef);
    expect(die.label.root.tint).toBe(0xabcdef);
    expect(die.face.tint).toBe(0xffffff);
  });

  it("shows a d6's 1 to 6 as that face's pips, with no numeral", () => {
    const textures = blankTextures();
    const die = dieSprite('d6', textures);
    die.showFace('4', 4);
    expect(die.pips.visible).toBe(true);
    expect(die.pips.texture).toBe(textures.pips(4).texture);
    expect(die.pips.anchor.x).toBe(textures.pips(4).anchorX);
    expect(die.label.text).toBe('');
    die.showFace(null, null);
    expect(die.pips.visible).toBe(false);
  });

  it('shows other dice as their numeral, and nothing before their first roll', () => {
    const die = dieSprite('d20');
    die.showFace('17', 17);
    expect(die.pips.visible).toBe(false);
    expect(die.label.text).toBe('17');
    die.showFace(null, null);
    expect(die.label.text).toBe('');
  });

  it('draws itself at rest where it lies, turned within half its outline symmetry, face with body', () => {
    const die = dieSprite('d6', blankTextures(), 100, 80);
    die.angle = Math.PI / 2 + 0.1;
    die.body.scale.set(1.2, 0.8);
    die.face.scale.set(1.2, 0.8);
    die.drawAtRest();
    expect(die.root.position).toMatchObject({ x: 100, y: 80 });
    expect(die.body.rotation).toBeCloseTo(0.1);
    expect(die.face.rotation).toBe(die.body.rotation);
    expect(die.body.scale).toMatchObject({ x: 1, y: 1 });
    expect(die.face.scale).toMatchObject({ x: 1, y: 1 });
    expect(die.shadow.position.x).toBeCloseTo(60 * 0.06);
    expect(die.shadow.position.y).toBeCloseTo(60 * 0.08);
  });

  it('turns by an extra amount past its wrapped angle (a die tipping over)', () => {
    const die = dieSprite('d20');
    die.turn(Math.PI / 3 + 0.2, 1);
    expect(die.body.rotation).toBeCloseTo(1.2);
    expect(die.face.rotation).toBe(die.body.rotation);
  });
});
