import { useId, useLayoutEffect, useRef } from 'react';

/** Typing states that are on their way to a number: left alone, never committed. */
const TRANSIENT = new Set(['', '-', '.', '-.']);

/** A value that changes more often than React should render: the field writes it into its input itself. */
export interface LiveNumber {
  subscribe(listener: (value: number) => void): () => void;
}

export interface NumberFieldProps {
  label: string;
  value: number;
  onCommit(value: number): void;
  min?: number;
  step?: number;
  /** Digits shown while not editing. */
  digits?: number;
  /**
   * The value as it moves (a body's velocity, a few times a second): written straight into
   * the input, not through React, so a readout re-renders nothing.
   */
  live?: LiveNumber;
}

/**
 * A numeric input that ignores transient empty, '-' or '.' input (spec §5) and
 * commits any finite number (clamped to `min`); the shown value follows the body while
 * the field is not being edited. The input is uncontrolled: what it shows is written in
 * when `value` (or the live value) changes and the field does not have focus, and on blur.
 */
const format = (value: number, digits: number) => String(Number(value.toFixed(digits)));

/** Shows `text` in the input unless the player is editing it (what they typed stays). */
function write(input: HTMLInputElement | null, text: string): void {
  if (!input || input.ownerDocument.activeElement === input) return;
  if (input.value !== text) input.value = text;
}

export function NumberField({ label, value, onCommit, min, step, digits = 2, live }: NumberFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(value);
  const text = format(value, digits);
  useLayoutEffect(() => {
    latest.current = value;
    write(input.current, text);
  }, [value, text]);
  useLayoutEffect(
    () =>
      live?.subscribe((moved) => {
        latest.current = moved;
        write(input.current, format(moved, digits));
      }),
    [live, digits],
  );
  return (
    <label className="gravity-field" htmlFor={id}>
      <span>{label}</span>
      <input
        ref={input}
        id={id}
        type="number"
        inputMode="decimal"
        defaultValue={text}
        min={min}
        step={step ?? 'any'}
        onBlur={(e) => {
          e.currentTarget.value = format(latest.current, digits);
        }}
        onChange={(e) => {
          const typed = e.target.value;
          if (TRANSIENT.has(typed.trim())) return;
          const n = Number(typed);
          if (!Number.isFinite(n)) return;
          onCommit(min !== undefined ? Math.max(min, n) : n);
        }}
      />
    </label>
  );
}
