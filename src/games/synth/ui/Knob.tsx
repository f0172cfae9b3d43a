import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import {
  DEFAULT_PARAMS,
  formatParam,
  fromKnobPosition,
  keyStep,
  type NumericParam,
  PARAM_RANGES,
  roundToStep,
  toKnobPosition,
} from '../engine/params.ts';

export interface KnobProps {
  param: NumericParam;
  value: number;
  /** `mergeKey` groups one gesture into one undo step. */
  onChange(value: number, mergeKey: string): void;
  onEnd(): void;
}

const START = 135; // degrees, clockwise from +x
const SWEEP = 270;
const R = 22;
/** Pixels of vertical drag for the full range (five times finer with Shift). */
const DRAG_PX = 160;

function polar(deg: number, r = R) {
  const a = (deg * Math.PI) / 180;
  return { x: 28 + r * Math.cos(a), y: 28 + r * Math.sin(a) };
}

function arc(from: number, to: number) {
  const a = polar(from);
  const b = polar(to);
  const large = to - from > 180 ? 1 : 0;
  return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${R} ${R} 0 ${large} 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
}

/** Keyboard moves: for log ranges in knob position, otherwise in value steps. */
export function knobKeyValue(param: NumericParam, value: number, key: string): number | null {
  const r = PARAM_RANGES[param];
  const big = key === 'PageUp' || key === 'PageDown';
  const dir =
    key === 'ArrowUp' || key === 'ArrowRight' || key === 'PageUp'
      ? 1
      : key === 'ArrowDown' || key === 'ArrowLeft' || key === 'PageDown'
        ? -1
        : 0;
  if (key === 'Home') return r.min;
  if (key === 'End') return r.max;
  if (dir === 0) return null;
  if (r.log) {
    const moved = fromKnobPosition(param, toKnobPosition(param, value) + dir * (big ? 0.1 : 0.01));
    // Always move at least one step so a key press is never lost to rounding.
    return moved === value ? roundToStep(param, value + dir * r.step) : moved;
  }
  return roundToStep(param, value + dir * keyStep(param) * (big ? 10 : 1));
}

/** A rotary knob: drag up/down, arrows, PageUp/PageDown, Home/End; double-click resets. role=slider. */
export function Knob({ param, value, onChange, onEnd }: KnobProps) {
  const range = PARAM_RANGES[param];
  const drag = useRef<{ y: number; pos: number } | null>(null);
  const pos = toKnobPosition(param, value);
  const angle = START + pos * SWEEP;
  const tip = polar(angle, R - 7);
  const readout = formatParam(param, value);
  const mergeKey = `knob:${param}`;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { y: e.clientY, pos };
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const px = e.shiftKey ? DRAG_PX * 5 : DRAG_PX;
    const next = fromKnobPosition(param, d.pos + (d.y - e.clientY) / px);
    if (next !== value) onChange(next, mergeKey);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    onEnd();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = knobKeyValue(param, value, e.key);
    if (next === null) return;
    e.preventDefault();
    if (next !== value) onChange(next, `key:${param}`);
  };

  return (
    <div className="synth-knob">
      <div
        className="synth-knob__dial"
        role="slider"
        tabIndex={0}
        aria-label={range.label}
        aria-valuemin={range.min}
        aria-valuemax={range.max}
        aria-valuenow={value}
        aria-valuetext={readout}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onKeyUp={onEnd}
        onBlur={onEnd}
        onDoubleClick={() => {
          onChange(DEFAULT_PARAMS[param], mergeKey);
          onEnd();
        }}
      >
        <svg viewBox="0 0 56 56" aria-hidden="true">
          <circle className="synth-knob__cap" cx="28" cy="28" r="15" />
          <path className="synth-knob__track" d={arc(START, START + SWEEP)} />
          {pos > 0.002 && <path className="synth-knob__value" d={arc(START, angle)} />}
          <line className="synth-knob__pointer" x1="28" y1="28" x2={tip.x.toFixed(2)} y2={tip.y.toFixed(2)} />
        </svg>
      </div>
      <span className="synth-knob__label">{range.label}</span>
      <output className="synth-knob__readout">{readout}</output>
    </div>
  );
}
