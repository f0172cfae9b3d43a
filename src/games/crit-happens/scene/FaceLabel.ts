/**
 * A die's numeral as a few sprites of the installed bitmap font's glyphs, laid out as Pixi's
 * BitmapText lays them out (same layout, same rounding), centred on the origin.
 *
 * Why not BitmapText: a tumbling die shows another face every 70 ms, and each BitmapText
 * text change rebuilt that text's glyph geometry and made Pixi rebuild the draw
 * instructions of the whole stage (every die, every particle) in the frame it happened; with
 * 20 dice that was every fourth frame. Here a change only swaps textures and moves sprites
 * that all sample the font's one page texture, which Pixi updates in place.
 */
import { type BitmapFont, BitmapFontManager, Container, Sprite, TextStyle, type Texture } from 'pixi.js';

/** Longest numeral a die shows ('20', '90' on a d100's tens die). */
const MAX_CHARS = 3;

interface Glyph {
  texture: Texture;
  x: number;
  y: number;
}

interface Layout {
  scale: number;
  glyphs: Glyph[];
}

/**
 * Laid-out numerals by font (a font installed again, by a new scene, has new textures), then
 * by size and text: a die's faces are few, and it flickers through them.
 */
const layouts = new WeakMap<BitmapFont, Map<string, Layout>>();

export class FaceLabel {
  readonly root = new Container();
  private readonly glyphs: Sprite[] = [];
  private readonly style: TextStyle;
  /** Looked up once: each lookup (getFont) re-checks the text's characters against the font. */
  private readonly font: BitmapFont;
  private shown = '';

  /** `fontFamily` is an installed bitmap font with the digits. */
  constructor(fontFamily: string, fontSize: number) {
    this.style = new TextStyle({ fontFamily, fontSize });
    this.font = BitmapFontManager.getFont('0123456789', this.style);
    for (let i = 0; i < MAX_CHARS; i++) {
      const glyph = new Sprite();
      // Unused glyphs stay in the stage at alpha 0: hiding them would change the stage's
      // structure, which is what this class avoids.
      glyph.alpha = 0;
      this.glyphs.push(glyph);
      this.root.addChild(glyph);
    }
  }

  get text(): string {
    return this.shown;
  }

  set text(text: string) {
    if (text === this.shown) return;
    this.shown = text;
    const { glyphs, scale } = this.layout(text);
    for (let k = 0; k < MAX_CHARS; k++) {
      const sprite = this.glyphs[k];
      const glyph = glyphs[k];
      if (!glyph) {
        sprite.alpha = 0;
        continue;
      }
      sprite.texture = glyph.texture;
      sprite.position.set(glyph.x, glyph.y);
      sprite.scale.set(scale);
      sprite.alpha = 1;
    }
  }

  private layout(text: string): Layout {
    const style = this.style;
    const font = this.font;
    let byText = layouts.get(font);
    if (!byText) {
      byText = new Map();
      layouts.set(font, byText);
    }
    const key = `${style.fontSize}|${text}`;
    const cached = byText.get(key);
    if (cached) return cached;
    const layout = BitmapFontManager.getLayout(text, style);
    const scale = layout.scale;
    // As AbstractBitmapTextPipe._updateContext with anchor 0.5, no padding, no stroke: the
    // layout is in the font's own units, translated by half its size, then scaled.
    const originX = -0.5 * layout.width * scale;
    const originY = -0.5 * (layout.height + layout.offsetY) * scale;
    let shiftY = (font.lineHeight - font.fontMetrics.fontSize) / 2;
    if (shiftY - font.baseLineOffset < 0) shiftY = 0;
    const glyphs: Glyph[] = [];
    const line = layout.lines[0];
    for (let j = 0; line && j < line.charPositions.length && glyphs.length < MAX_CHARS; j++) {
      const data = font.chars[line.chars[j]];
      if (!data?.texture) continue;
      glyphs.push({
        texture: data.texture,
        x: originX + Math.round(line.charPositions[j] + data.xOffset) * scale,
        y: originY + Math.round(font.baseLineOffset + data.yOffset + shiftY) * scale,
      });
    }
    const result = { scale, glyphs };
    byText.set(key, result);
    return result;
  }
}
