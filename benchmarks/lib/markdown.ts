/** The Markdown report of a run: summary, budgets, every figure, comparisons and chart images. */
import { isViolation } from './budgets.ts';
import { type FigureChange, formatChange } from './compare.ts';
import type { RunResult } from './results.ts';
import { formatBaseline, formatGoal, formatStatus, formatValue } from './table.ts';

export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * chartFiles maps a chart id to its SVG path relative to the report; compared names the
 * earlier run when changes are given.
 */
export function renderMarkdown(
  run: RunResult,
  changes: FigureChange[] | null,
  chartFiles: ReadonlyMap<string, string>,
  compared: string | null = null,
): string {
  const changeById = new Map((changes ?? []).map((c) => [c.id, c]));
  const violations = run.parts.flatMap((part) =>
    part.figures.filter(isViolation).map((figure) => ({ part: part.name, figure })),
  );
  const lines: string[] = [
    `# Benchmark run ${run.run}`,
    '',
    `- Started ${run.startedAt}, finished ${run.finishedAt}${run.quick ? ' — **quick mode** (short runs)' : ''}`,
    `- Commit ${run.git.commit ?? 'unknown'}${run.git.dirty ? ' (with uncommitted changes)' : ''}`,
    `- Machine: ${run.machine.cpus} × ${run.machine.cpuModel}, ${run.machine.totalMemoryMB} MB, Node ${run.machine.node}; load average ${run.machine.loadAverageStart.toFixed(2)} at start, ${run.machine.loadAverageEnd.toFixed(2)} at end${run.machine.loadAverageStart > run.machine.cpus * 0.5 ? ' — **the machine was busy: timings are noisy, trust ratios to same-run baselines more than absolute times**' : ''}`,
    `- Command: \`npm run bench${run.argv.length ? ` -- ${run.argv.join(' ')}` : ''}\``,
    ...(compared ? [`- Compared with \`${compared}\``] : []),
    '',
    '## Budgets',
    '',
  ];
  if (violations.length === 0) {
    lines.push('Every figure with a budget or goal is within it.');
  } else {
    lines.push(`**${violations.length} figure(s) over budget:**`, '');
    for (const { part, figure } of violations) {
      lines.push(
        `- **${escapeCell(part)}: ${escapeCell(figure.label)}** = ${formatValue(figure)} — ${formatStatus(figure)} (${formatGoal(figure) || 'no numeric goal'})`,
      );
    }
  }
  lines.push('', '## Parts', '', '| Part | Status | Figures | Time |', '| --- | --- | ---: | ---: |');
  for (const part of run.parts) {
    lines.push(
      `| ${part.name} | ${part.status}${part.error ? `: ${escapeCell(part.error)}` : ''} | ${part.figures.length} | ${(part.durationMs / 1000).toFixed(1)} s |`,
    );
  }
  for (const part of run.parts) {
    lines.push('', `## ${part.name}`, '', escapeCell(part.description), '');
    if (part.status !== 'ok') {
      lines.push(`**${part.status}**${part.error ? `: ${part.error}` : ''}`);
    }
    if (part.figures.length) {
      const header = [
        'Figure',
        'Value',
        'Baseline / ratio',
        'Goal',
        'Status',
        ...(changes ? ['Change'] : []),
      ];
      lines.push(`| ${header.join(' | ')} |`, `| --- | ---: | --- | --- | --- |${changes ? ' --- |' : ''}`);
      for (const figure of part.figures) {
        const change = changeById.get(figure.id);
        const status = formatStatus(figure);
        const cells = [
          figure.label,
          formatValue(figure),
          formatBaseline(figure),
          formatGoal(figure),
          isViolation(figure) ? `**${status}**` : status,
          ...(changes
            ? [
                change
                  ? `${formatChange(change)}${change.before !== null ? ` (was ${change.before})` : ''}`
                  : '',
              ]
            : []),
        ];
        lines.push(`| ${cells.map(escapeCell).join(' | ')} |`);
      }
    }
    if (part.notes.length) {
      lines.push('');
      for (const note of part.notes) lines.push(`- ${note}`);
    }
    for (const chart of part.charts) {
      const file = chartFiles.get(chart.id);
      if (file) lines.push('', `![${chart.title.replace(/[[\]]/g, '')}](${encodeURI(file)})`);
      if (chart.kind === 'treemap' && chart.tableRows) {
        const total = chart.items.reduce((a, i) => a + i.value, 0) || 1;
        lines.push(
          '',
          `| Module | Package | ${escapeCell(chart.unit)} | Share |`,
          '| --- | --- | ---: | ---: |',
        );
        for (const item of chart.items.slice(0, chart.tableRows))
          lines.push(
            `| ${escapeCell(item.label)} | ${escapeCell(item.group)} | ${item.value.toFixed(2)} | ${((item.value / total) * 100).toFixed(1)} % |`,
          );
      }
    }
  }
  if (changes) {
    const gone = changes.filter((c) => c.verdict === 'gone');
    if (gone.length) {
      lines.push('', '## Figures no longer measured', '');
      for (const c of gone) lines.push(`- ${c.part}: ${c.label} (was ${c.before} ${c.unit})`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
