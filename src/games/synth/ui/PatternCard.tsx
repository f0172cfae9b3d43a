import { useRef } from 'react';
import { STEPS } from '../engine/timing.ts';
import { editorOf, useSynthStore } from './store.ts';
import { usePlayhead } from './usePlayhead.ts';

export function PatternCard() {
  const pattern = useSynthStore((s) => editorOf(s).pattern);
  const name = useSynthStore((s) => editorOf(s).params.name);
  const { toggleStep, clearPattern } = useSynthStore.getState();
  const grid = useRef<HTMLFieldSetElement>(null);
  usePlayhead(grid, { lift: true });
  return (
    <section className="synth-card synth-card--pattern" aria-labelledby="synth-pattern-title">
      <header className="synth-card__head">
        <h2 id="synth-pattern-title">Pattern</h2>
        <span className="synth-card__sub">{name}</span>
        <button type="button" className="synth-btn synth-btn--ghost" onClick={clearPattern}>
          Clear
        </button>
      </header>
      <fieldset className="synth-steps" ref={grid}>
        <legend className="visually-hidden">16 steps</legend>
        {Array.from({ length: STEPS }, (_, i) => (
          <button
            key={i}
            type="button"
            data-step={i}
            className={`synth-step${pattern[i] ? ' is-on' : ''}${i % 4 === 0 ? ' is-beat' : ''}`}
            aria-pressed={pattern[i]}
            aria-label={`Step ${i + 1}`}
            onClick={() => toggleStep(i)}
          >
            <span aria-hidden="true">{i + 1}</span>
            <span className="synth-head" aria-hidden="true">
              <span>{i + 1}</span>
            </span>
          </button>
        ))}
      </fieldset>
    </section>
  );
}
