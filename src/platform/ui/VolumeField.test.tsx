// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VolumeField } from './VolumeField.tsx';

afterEach(cleanup);

describe('VolumeField', () => {
  it.each([
    // Crit Happens: 0–100, step 1.
    {
      steps: 'percent',
      volume: 0.9,
      range: ['0', '100', '1', '90'],
      typed: '45',
      heard: '90 percent',
      shown: '90%',
    },
    // Draw & Race: 0–1, step 0.01.
    {
      steps: 'fraction',
      volume: 0.8,
      range: ['0', '1', '0.01', '0.8'],
      typed: '0.45',
      heard: '80 percent',
      shown: '80%',
    },
  ] as const)(
    'counts in $steps, says percent, and hands back 0..1',
    ({ steps, volume, range, typed, heard, shown }) => {
      const onChange = vi.fn();
      render(<VolumeField id="v" volume={volume} onChange={onChange} steps={steps} rowClassName="row" />);
      const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
      expect([slider.min, slider.max, slider.step, slider.value]).toEqual(range);
      expect(slider.getAttribute('aria-valuetext')).toBe(heard);
      expect(slider.parentElement?.className).toBe('row');
      expect(screen.getByText(shown).tagName).toBe('OUTPUT');
      fireEvent.change(slider, { target: { value: typed } });
      expect(onChange).toHaveBeenCalledWith(0.45);
    },
  );
});
