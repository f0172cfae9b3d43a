// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { writeFittedText, writeText } from './domText.ts';

describe('writeText', () => {
  it('changes the text node in place once there is one', () => {
    const el = document.createElement('strong');
    writeText(el, '12');
    const node = el.firstChild;
    expect(el.textContent).toBe('12');
    writeText(el, '13');
    expect(el.textContent).toBe('13');
    expect(el.firstChild).toBe(node);
    expect(el.childNodes).toHaveLength(1);
  });

  it('replaces anything else the element holds', () => {
    const el = document.createElement('p');
    el.innerHTML = 'a <b>b</b>';
    writeText(el, 'c');
    expect(el.innerHTML).toBe('c');
  });

  it('leaves a missing element alone', () => {
    expect(() => writeText(null, 'x')).not.toThrow();
  });
});

describe('writeFittedText', () => {
  it('sizes the box to the text length in ch, kept for a text up to two characters shorter', () => {
    const el = document.createElement('span');
    writeFittedText(el, '9 bodies');
    expect(el.style.width).toBe('8ch');
    expect(el.textContent).toBe('9 bodies');
    const widths: string[] = [];
    const style = el.style;
    const set = Object.getOwnPropertyDescriptor(CSSStyleDeclaration.prototype, 'width')?.set;
    Object.defineProperty(style, 'width', {
      get: () => style.getPropertyValue('width'),
      set: (value: string) => {
        widths.push(value);
        set?.call(style, value);
      },
    });
    writeFittedText(el, '8 bodies');
    expect(widths).toEqual([]);
    expect(el.textContent).toBe('8 bodies');
    writeFittedText(el, '10 bodies');
    expect(widths).toEqual(['9ch']);
    writeFittedText(el, '9 bodies');
    expect(widths).toEqual(['9ch']);
    expect(el.textContent).toBe('9 bodies');
    writeFittedText(el, 'x bodie');
    expect(widths).toEqual(['9ch']);
    writeFittedText(el, '1 body');
    expect(widths).toEqual(['9ch', '6ch']);
  });

  it('leaves a missing element alone', () => {
    expect(() => writeFittedText(null, 'x')).not.toThrow();
  });
});
