/** One timed engine operation; the figure is time per unit (tick, run). */
export interface EngineCase {
  id: string;
  label: string;
  fn: () => unknown;
  /** How many units one call covers (e.g. 600 ticks). */
  unitsPerCall: number;
  /** "µs/tick" reports microseconds per unit, "ms/run" milliseconds. */
  unit: 'µs/tick' | 'ms/run';
}
