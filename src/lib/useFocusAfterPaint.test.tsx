// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFocusAfterPaint } from './useFocusAfterPaint.ts';

function Overlay({ enabled = true }: { enabled?: boolean }) {
  const ref = useFocusAfterPaint<HTMLButtonElement>(enabled);
  return (
    <button ref={ref} type="button">
      Continue
    </button>
  );
}

function Page() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Roll
      </button>
      {shown && <Overlay />}
    </>
  );
}

afterEach(cleanup);

describe('useFocusAfterPaint', () => {
  it('moves the focus to the element when it appears, without scrolling to it', async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const view = render(<Page />);
    const roll = view.getByRole('button', { name: 'Roll' });
    roll.focus();
    await act(async () => roll.click());
    const overlay = view.getByRole('button', { name: 'Continue' });
    // Not inside the commit: after the next frame.
    expect(document.activeElement).toBe(roll);
    await waitFor(() => expect(document.activeElement).toBe(overlay));
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
    focus.mockRestore();
  });

  it('does not focus an element that is gone by the next frame', async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const view = render(<Overlay />);
    view.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(focus).not.toHaveBeenCalled();
    focus.mockRestore();
  });

  it('leaves the focus where it is when not enabled', async () => {
    const view = render(
      <>
        <input aria-label="Name" />
        <Overlay enabled={false} />
      </>,
    );
    const name = view.getByRole('textbox', { name: 'Name' });
    name.focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(document.activeElement).toBe(name);
  });
});
