// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NumericParam } from '../engine/params.ts';
import { Knob, knobKeyValue } from './Knob.tsx';

afterEach(cleanup);

function Harness({ param, initial }: { param: NumericParam; initial: number }) {
  const [value, setValue] = useState(initial);
  const [ends, setEnds] = useState(0);
  return (
    <>
      <Knob param={param} value={value} onChange={(v) => setValue(v)} onEnd={() => setEnds((n) => n + 1)} />
      <span data-testid="ends">{ends}</span>
    </>
  );
}

describe('Knob', () => {
  it('is a labelled slider with its range, value and readout', () => {
    render(<Harness param="cutoff" initial={1800} />);
    const knob = screen.getByRole('slider', { name: 'Cutoff' });
    expect(knob.getAttribute('aria-valuemin')).toBe('100');
    expect(knob.getAttribute('aria-valuemax')).toBe('8000');
    expect(knob.getAttribute('aria-valuenow')).toBe('1800');
    expect(knob.getAttribute('aria-valuetext')).toBe('1.80 kHz');
    expect(screen.getByText('1.80 kHz')).toBeTruthy();
  });

  it('arrows, PageUp/PageDown, Home/End adjust the value', () => {
    render(<Harness param="decay" initial={1} />);
    const knob = screen.getByRole('slider', { name: 'Decay' });
    fireEvent.keyDown(knob, { key: 'ArrowUp' });
    expect(Number(knob.getAttribute('aria-valuenow'))).toBeCloseTo(1.02);
    fireEvent.keyDown(knob, { key: 'ArrowLeft' });
    fireEvent.keyDown(knob, { key: 'ArrowDown' });
    expect(Number(knob.getAttribute('aria-valuenow'))).toBeCloseTo(0.98);
    fireEvent.keyDown(knob, { key: 'PageUp' });
    expect(Number(knob.getAttribute('aria-valuenow'))).toBeCloseTo(1.18);
    fireEvent.keyDown(knob, { key: 'End' });
    expect(knob.getAttribute('aria-valuenow')).toBe('2');
    fireEvent.keyDown(knob, { key: 'Home' });
    expect(knob.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(knob, { key: 'ArrowDown' });
    expect(knob.getAttribute('aria-valuenow')).toBe('0');
  });

  it('dragging up raises the value and pointer up ends the gesture', () => {
    render(<Harness param="volume" initial={0.5} />);
    const knob = screen.getByRole('slider', { name: 'Volume' });
    knob.setPointerCapture = () => {};
    fireEvent.pointerDown(knob, { clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(knob, { clientY: 120, pointerId: 1 }); // 80 px of 160 = half the range
    expect(knob.getAttribute('aria-valuenow')).toBe('1');
    fireEvent.pointerMove(knob, { clientY: 360, pointerId: 1 });
    expect(knob.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.pointerUp(knob, { pointerId: 1 });
    expect(screen.getByTestId('ends').textContent).toBe('1');
  });

  it('log knobs step by ratio and never stall on rounding', () => {
    expect(knobKeyValue('cutoff', 100, 'ArrowUp')).toBeGreaterThan(100);
    expect(knobKeyValue('resonance', 0.1, 'ArrowUp')).toBeGreaterThan(0.1);
    const up = knobKeyValue('cutoff', 1000, 'PageUp') ?? 0;
    expect(up / 1000).toBeCloseTo(80 ** 0.1, 1);
    expect(knobKeyValue('baseNote', 60, 'ArrowUp')).toBe(61);
    expect(knobKeyValue('baseNote', 60, 'Tab')).toBeNull();
  });
});
