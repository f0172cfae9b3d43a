// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { writeText } from './domText.ts';

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
