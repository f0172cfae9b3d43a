// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { alertDialog, confirmDialog, DialogHost, promptDialog } from './asyncDialogs.tsx';
import { Dialog } from './Dialog.tsx';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Sign in">
        <button type="button">First</button>
        <button type="button">Last</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled, locks scroll, focuses inside, and closes on Escape returning focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('traps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement?.textContent).toBe('First');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Last');
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('First');
    await user.tab({ shift: true });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
  });

  it('closes on the close button and on a backdrop click, not on a click inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** A laps-like stepper: Fewer is disabled at the minimum (the Draw & Race settings case). */
function StepperHarness() {
  const [open, setOpen] = useState(true);
  const [laps, setLaps] = useState(2);
  const [extra, setExtra] = useState(true);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Settings">
      <button type="button" disabled={laps <= 1} onClick={() => setLaps(laps - 1)}>
        Fewer
      </button>
      <output>{laps}</output>
      <button type="button" onClick={() => setLaps(laps + 1)}>
        More
      </button>
      {extra && (
        <button type="button" onClick={() => setExtra(false)}>
          Remove me
        </button>
      )}
    </Dialog>
  );
}

describe('Dialog keeps the focus and Escape when a control goes away', () => {
  it('a focused button that becomes disabled hands the focus to the dialog; Escape still closes', async () => {
    const user = userEvent.setup();
    render(<StepperHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const fewer = screen.getByRole('button', { name: 'Fewer' });
    await user.click(fewer);
    expect(fewer).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a focused button that is removed hands the focus to the dialog', async () => {
    const user = userEvent.setup();
    render(<StepperHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await user.click(screen.getByRole('button', { name: 'Remove me' }));
    expect(screen.queryByRole('button', { name: 'Remove me' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(dialog));
  });

  it('Escape closes the dialog even when the focus has fallen to the body', () => {
    render(<StepperHarness />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape handled by a control inside (preventDefault) does not close the dialog', () => {
    render(<StepperHarness />);
    const more = screen.getByRole('button', { name: 'More' });
    more.addEventListener('keydown', (e) => e.preventDefault());
    fireEvent.keyDown(more, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Fewer' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('async dialogs', () => {
  it('confirmDialog resolves true on OK and false on Escape', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog('Are you sure you want to log out?');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    expect(document.activeElement?.textContent).toBe('OK');
    await user.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);
    expect(dialog.isConnected).toBe(false);

    act(() => {
      answer = confirmDialog('Delete?');
    });
    await screen.findByRole('dialog', { name: 'Delete?' });
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('promptDialog offers the default, returns typed text on Enter and null on Cancel', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let answer: Promise<string | null> = Promise.resolve(null);
    act(() => {
      answer = promptDialog('Save as', 'composition');
    });
    const input = await screen.findByRole('textbox', { name: 'Save as' });
    expect((input as HTMLInputElement).value).toBe('composition');
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.clear(input);
    await user.type(input, 'my song{Enter}');
    await expect(answer).resolves.toBe('my song');

    act(() => {
      answer = promptDialog('Save as', 'x');
    });
    await screen.findByRole('textbox', { name: 'Save as' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });

  it('queues requests and shows them one at a time; alertDialog resolves on OK', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let first: Promise<void> = Promise.resolve();
    let second: Promise<void> = Promise.resolve();
    act(() => {
      first = alertDialog('Saved "a"');
      second = alertDialog('Saved "b"');
    });
    await screen.findByRole('dialog', { name: 'Saved "a"' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await first;
    await screen.findByRole('dialog', { name: 'Saved "b"' });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await second;
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
