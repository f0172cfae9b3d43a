import type { PointerEvent } from 'react';
import { INPUT_LEFT, INPUT_RIGHT, INPUT_THRUST } from '../engine/index.ts';

interface Props {
  onInput(bit: number, down: boolean): void;
}

function HoldButton({
  bit,
  label,
  className,
  children,
  onInput,
}: Props & { bit: number; label: string; className: string; children: string }) {
  const press = (e: PointerEvent<HTMLButtonElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    onInput(bit, true);
  };
  const release = (e: PointerEvent<HTMLButtonElement>) => {
    e.preventDefault();
    onInput(bit, false);
  };
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onPointerDown={press}
      onPointerUp={release}
      onPointerCancel={release}
      onLostPointerCapture={release}
      onContextMenu={(e) => e.preventDefault()}
    >
      {children}
    </button>
  );
}

/** Big hold-to-fire buttons for touch screens (shown by CSS on coarse pointers). */
export function TouchControls({ onInput }: Props) {
  return (
    <div className="lander-touch">
      <div className="lander-touch__side">
        <HoldButton bit={INPUT_LEFT} label="Left thruster" className="lander-touch__btn" onInput={onInput}>
          ◀
        </HoldButton>
        <HoldButton bit={INPUT_RIGHT} label="Right thruster" className="lander-touch__btn" onInput={onInput}>
          ▶
        </HoldButton>
      </div>
      <HoldButton
        bit={INPUT_THRUST}
        label="Main engine"
        className="lander-touch__btn lander-touch__btn--thrust"
        onInput={onInput}
      >
        ▲
      </HoldButton>
    </div>
  );
}
