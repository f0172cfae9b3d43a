/** The terminal table: one row per figure, parts that did not run say why, misses are loud. */
import type { BenchFigure } from '../types.ts';
import { goalMet, isViolation } from './budgets.ts';
import { type FigureChange, formatChange } from './compare.ts';
import { formatSpread } from './repeat.ts';
import type { RunResult } from './results.ts';

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Object.is(value, -0)) value = 0;
  const abs = Math.abs(value);
  const digits = abs >= 1000 || Number.isInteger(value) ? 0 : abs >= 100 ? 1 : abs >= 10 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export function formatValue(figure: BenchFigure): string {
  const spread = formatSpread(figure, formatNumber);
  return `${formatNumber(figure.value)} ${figure.unit}`.trim() + (spread ? ` (${spread})` : '');
}

export function formatBaseline(figure: BenchFigure): string {
  if (!figure.baseline) return '';
  const b = figure.baseline;
  // Some parts write the "×" into their ratio label already.
  const label = b.ratioLabel.trim().replace(/^×\s*/, '');
  // A baseline of 0 (e.g. no long task at all) has no ratio: the baseline alone is shown.
  if (!Number.isFinite(b.ratio)) return `${b.label} ${formatNumber(b.value)} ${figure.unit}`.trim();
  return `${b.label} ${formatNumber(b.value)} ${figure.unit} → ${formatNumber(b.ratio)}× ${label}`;
}

export function formatGoal(figure: BenchFigure): string {
  if (!figure.goal) return '';
  return figure.goal.text ?? `${figure.goal.op} ${formatNumber(figure.goal.value)} ${figure.unit}`;
}

export function formatStatus(figure: BenchFigure): string {
  const parts: string[] = [];
  const met = goalMet(figure);
  if (met === true) parts.push('ok');
  if (met === false) parts.push('OVER BUDGET');
  for (const flag of figure.flags ?? []) parts.push(`FLAG: ${flag}`);
  return parts.join('; ');
}

const RED = '\u001b[31;1m';
const GREEN = '\u001b[32m';
const DIM = '\u001b[2m';
const RESET = '\u001b[0m';

export function renderTable(run: RunResult, changes: FigureChange[] | null, color: boolean): string {
  const paint = (code: string, text: string) => (color && text ? `${code}${text}${RESET}` : text);
  const changeById = new Map((changes ?? []).map((change) => [change.id, change]));
  const header = ['Figure', 'Value', 'Baseline / ratio', 'Goal', 'Status', ...(changes ? ['Change'] : [])];
  const rows: { cells: string[]; tone: 'plain' | 'part' | 'bad' | 'good' | 'dim' }[] = [];
  for (const part of run.parts) {
    const heading =
      part.status === 'ok'
        ? `[${part.name}] ${part.description} (${(part.durationMs / 1000).toFixed(1)} s)`
        : `[${part.name}] ${part.status.toUpperCase()}${part.error ? `: ${part.error}` : ''}`;
    rows.push({
      cells: [heading],
      tone: part.status === 'failed' ? 'bad' : part.status === 'ok' ? 'part' : 'dim',
    });
    for (const figure of part.figures) {
      const change = changeById.get(figure.id);
      const bad = isViolation(figure);
      rows.push({
        cells: [
          `  ${figure.label}`,
          formatValue(figure),
          formatBaseline(figure),
          formatGoal(figure),
          formatStatus(figure),
          ...(changes
            ? [
                change
                  ? `${formatChange(change)}${change.before !== null ? ` (was ${formatNumber(change.before)})` : ''}`
                  : '',
              ]
            : []),
        ],
        tone: bad ? 'bad' : goalMet(figure) ? 'good' : 'plain',
      });
    }
    for (const note of part.notes) rows.push({ cells: [`  note: ${note}`], tone: 'dim' });
  }
  if (changes) {
    for (const gone of changes.filter((c) => c.verdict === 'gone')) {
      rows.push({ cells: [`  (gone) ${gone.part}: ${gone.label}`, '', '', '', '', 'gone'], tone: 'dim' });
    }
  }
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.filter((r) => r.cells.length > 1).map((r) => (r.cells[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '─'.repeat(w)).join('  ')];
  for (const row of rows) {
    const text = row.cells.length === 1 ? row.cells[0] : line(row.cells);
    out.push(
      row.tone === 'bad'
        ? paint(RED, text)
        : row.tone === 'good'
          ? paint(GREEN, text)
          : row.tone === 'dim'
            ? paint(DIM, text)
            : text,
    );
  }
  const violations = run.parts.flatMap((p) => p.figures.filter(isViolation));
  out.push('');
  out.push(
    violations.length
      ? paint(RED, `${violations.length} figure(s) OVER BUDGET: ${violations.map((f) => f.label).join(', ')}`)
      : paint(GREEN, 'Every figure with a budget is within it.'),
  );
  return out.join('\n');
}

/** One part's figures as a plain table, for a part run alone (`npx tsx benchmarks/<part>/index.ts`). */
export function figuresTable(figures: BenchFigure[]): string {
  const rows = figures.map((f) => [
    f.label,
    formatValue(f),
    formatBaseline(f),
    formatGoal(f),
    formatStatus(f),
  ]);
  const head = ['Figure', 'Value', 'Baseline', 'Goal', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
