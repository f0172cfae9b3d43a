// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { listenToPage } from './pageInput.ts';

describe('listenToPage', () => {
  it('hears keys, blur and visibility until its signal aborts', () => {
    const input = { keydown: vi.fn(), keyup: vi.fn(), blur: vi.fn(), visibilitychange: vi.fn() };
    const listening = new AbortController();
    listenToPage(input, listening.signal);
    const fire = () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { code: 'ArrowUp' }));
      window.dispatchEvent(new KeyboardEvent('keyup', { code: 'ArrowUp' }));
      window.dispatchEvent(new Event('blur'));
      document.dispatchEvent(new Event('visibilitychange'));
    };
    fire();
    expect(input.keydown).toHaveBeenCalledOnce();
    expect(input.keydown.mock.calls[0][0].code).toBe('ArrowUp');
    expect(input.keyup).toHaveBeenCalledOnce();
    expect(input.blur).toHaveBeenCalledOnce();
    expect(input.visibilitychange).toHaveBeenCalledOnce();
    listening.abort();
    fire();
    expect(input.keydown).toHaveBeenCalledOnce();
    expect(input.keyup).toHaveBeenCalledOnce();
    expect(input.blur).toHaveBeenCalledOnce();
    expect(input.visibilitychange).toHaveBeenCalledOnce();
  });
});
