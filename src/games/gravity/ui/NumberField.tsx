import { useId, useState } from 'react';

/** Typing states that are on their way to a number: left alone, never committed. */
const TRANSIENT = new Set(['', '-', '.', '-.']);

export interface NumberFieldProps {
  label: string;
  value: number;
  onCommit(value: number): void;
  min?: number;
  step?: number;
  /** Digits shown while not editing. */
  digits?: number;
}

/**
 * A numeric input that ignores transient empty, '-' or '.' input (spec §5) and
 * commits any finite number (clamped to `min`); the shown value follows the body while
 * the field is not being edited.
 */
export function NumberField({ label, value, onCommit, min, step, digits = 2 }: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(Number(value.toFixed(digits)));
  return (
    <label className="gravity-field" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={shown}
        min={min}
        step={step ?? 'any'}
        onFocus={() => setDraft(shown)}
        onBlur={() => setDraft(null)}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          if (TRANSIENT.has(text.trim())) return;
          const n = Number(text);
          if (!Number.isFinite(n)) return;
          onCommit(min !== undefined ? Math.max(min, n) : n);
        }}
      />
    </label>
  );
}
