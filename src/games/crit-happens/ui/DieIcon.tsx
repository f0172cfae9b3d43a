import type { DieType } from '../engine/dice.ts';

/** Small outlines of each die for the picker and the tray (decorative: the text says the type). */
const PATHS: Record<DieType, string> = {
  d2: 'M12 3a9 9 0 1 0 0.01 0Z',
  d4: 'M12 3 21.5 20H2.5Z',
  d6: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z',
  d8: 'M12 2 22 12 12 22 2 12Z',
  d10: 'M12 2 22 10.5 12 22 2 10.5Z',
  d12: 'M12 2.5 21.5 9.4 17.9 20.5H6.1L2.5 9.4Z',
  d20: 'M12 2 20.7 7v10L12 22l-8.7-5V7Z',
  d100: 'M8 3 14 8.5 8 16 2 8.5ZM16 8 22 13.5 16 21 10 13.5Z',
};

export function DieIcon({ type }: { type: DieType }) {
  return (
    <svg
      className="crit-die-icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
