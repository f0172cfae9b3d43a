/**
 * A game's volume setting: the "Volume" label, a range input and the percent it stands at,
 * as two items of the dialog's grid (label, then `rowClassName`'s row). The volume is 0..1
 * either way; `steps` is what the range itself counts in, as each game's spec states it:
 * 'percent' (0–100, step 1: Crit Happens) or 'fraction' (0–1, step 0.01: Draw & Race).
 * Screen readers hear "45 percent" in both.
 */
export function VolumeField({
  id,
  volume,
  onChange,
  steps,
  rowClassName,
}: {
  id: string;
  volume: number;
  onChange(volume: number): void;
  steps: 'percent' | 'fraction';
  rowClassName: string;
}) {
  const percent = Math.round(volume * 100);
  const scale = steps === 'percent' ? 100 : 1;
  return (
    <>
      <label htmlFor={id}>Volume</label>
      <div className={rowClassName}>
        <input
          id={id}
          type="range"
          min={0}
          max={scale}
          step={scale / 100}
          value={steps === 'percent' ? percent : volume}
          aria-valuetext={`${percent} percent`}
          onChange={(e) => onChange(Number(e.target.value) / scale)}
        />
        <output htmlFor={id}>{percent}%</output>
      </div>
    </>
  );
}
