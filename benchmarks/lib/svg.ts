/** Small hand-written SVG charts for the Markdown report: frame-time histograms and per-route sizes. */
import type { BenchChart } from '../types.ts';
import { formatNumber } from './table.ts';
import { squarify } from './treemap.ts';

type Histogram = Extract<BenchChart, { kind: 'histogram' }>;
type Bars = Extract<BenchChart, { kind: 'bars' }>;
type Treemap = Extract<BenchChart, { kind: 'treemap' }>;

const SERIES_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759'];
const FONT = 'font-family="system-ui, sans-serif" font-size="11"';

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

export function renderChart(chart: BenchChart): string {
  if (chart.kind === 'histogram') return histogramSvg(chart);
  if (chart.kind === 'treemap') return treemapSvg(chart);
  return barsSvg(chart);
}

export function histogramSvg(chart: Histogram): string {
  const width = 480;
  const height = 200;
  const left = 40;
  const right = 10;
  const top = 24;
  const bottom = 30;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const maxCount = Math.max(1, ...chart.counts);
  const barW = plotW / chart.counts.length;
  const end = chart.bucketStart + chart.bucketWidth * chart.counts.length;
  const x = (value: number) => left + ((value - chart.bucketStart) / (end - chart.bucketStart)) * plotW;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>`,
    `<title>${escapeXml(chart.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="15" font-weight="bold">${escapeXml(chart.title)}</text>`,
  ];
  chart.counts.forEach((count, i) => {
    const h = (count / maxCount) * plotH;
    parts.push(
      `<rect x="${(left + i * barW + 0.5).toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${Math.max(0.5, barW - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="${SERIES_COLOURS[0]}"><title>${formatNumber(chart.bucketStart + i * chart.bucketWidth)}–${formatNumber(chart.bucketStart + (i + 1) * chart.bucketWidth)} ${escapeXml(chart.unit)}: ${count}</title></rect>`,
    );
  });
  parts.push(
    `<line x1="${left}" y1="${top + plotH}" x2="${width - right}" y2="${top + plotH}" stroke="#333"/>`,
    `<text x="${left - 4}" y="${top + 4}" text-anchor="end">${maxCount}</text>`,
    `<text x="${left - 4}" y="${top + plotH}" text-anchor="end">0</text>`,
  );
  const ticks = 5;
  for (let t = 0; t <= ticks; t++) {
    const value = chart.bucketStart + ((end - chart.bucketStart) * t) / ticks;
    parts.push(
      `<text x="${x(value).toFixed(1)}" y="${top + plotH + 14}" text-anchor="middle">${formatNumber(value)}${t === ticks ? '+' : ''}</text>`,
    );
  }
  parts.push(
    `<text x="${left + plotW / 2}" y="${height - 2}" text-anchor="middle">${escapeXml(chart.unit)}</text>`,
  );
  for (const marker of chart.markers ?? []) {
    if (marker.value < chart.bucketStart || marker.value > end) continue;
    const mx = x(marker.value).toFixed(1);
    parts.push(
      `<line x1="${mx}" y1="${top}" x2="${mx}" y2="${top + plotH}" stroke="#e15759" stroke-dasharray="4 3"/>`,
      `<text x="${mx}" y="${top - 2}" text-anchor="middle" fill="#e15759">${escapeXml(marker.label)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

export function barsSvg(chart: Bars): string {
  const rowH = 22;
  const left = 110;
  const right = 70;
  const top = 40;
  const width = 560;
  const height = top + chart.bars.length * rowH + 10;
  const plotW = width - left - right;
  const totals = chart.bars.map((bar) => bar.values.reduce((a, b) => a + b, 0));
  const limits = chart.limits ?? [];
  const maxValue = Math.max(1, ...totals, ...limits.filter((l): l is number => l !== null));
  const scale = (value: number) => (value / maxValue) * plotW;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>`,
    `<title>${escapeXml(chart.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="10" y="15" font-weight="bold">${escapeXml(chart.title)}</text>`,
  ];
  chart.series.forEach((name, i) => {
    const lx = left + i * 90;
    parts.push(
      `<rect x="${lx}" y="22" width="10" height="10" fill="${SERIES_COLOURS[i % SERIES_COLOURS.length]}"/>`,
      `<text x="${lx + 14}" y="31">${escapeXml(name)}</text>`,
    );
  });
  chart.bars.forEach((bar, row) => {
    const y = top + row * rowH;
    const over = limits[row] !== undefined && limits[row] !== null && totals[row] > (limits[row] as number);
    parts.push(
      `<text x="${left - 6}" y="${y + 14}" text-anchor="end"${over ? ' fill="#c00" font-weight="bold"' : ''}>${escapeXml(bar.label)}</text>`,
    );
    let offset = 0;
    bar.values.forEach((value, i) => {
      const w = scale(value);
      parts.push(
        `<rect x="${(left + offset).toFixed(1)}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowH - 6}" fill="${SERIES_COLOURS[i % SERIES_COLOURS.length]}"><title>${escapeXml(chart.series[i] ?? '')}: ${formatNumber(value)} ${escapeXml(chart.unit)}</title></rect>`,
      );
      offset += w;
    });
    parts.push(
      `<text x="${(left + offset + 4).toFixed(1)}" y="${y + 14}"${over ? ' fill="#c00" font-weight="bold"' : ''}>${formatNumber(totals[row])} ${escapeXml(chart.unit)}${over ? ' OVER' : ''}</text>`,
    );
    const limit = limits[row];
    if (limit !== undefined && limit !== null) {
      const lx = (left + scale(limit)).toFixed(1);
      parts.push(
        `<line x1="${lx}" y1="${y + 1}" x2="${lx}" y2="${y + rowH - 1}" stroke="#c00" stroke-width="2"><title>budget ${formatNumber(limit)} ${escapeXml(chart.unit)}</title></line>`,
      );
    }
  });
  parts.push('</svg>');
  return parts.join('\n');
}

const GROUP_COLOURS = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

/** Squarified treemap: one rectangle per item, area by value, colour by group, with a legend. */
export function treemapSvg(chart: Treemap): string {
  const width = 960;
  const top = 24;
  const mapH = 480;
  const groups = [...new Set(chart.items.map((i) => i.group))];
  const groupTotals = groups.map((g) =>
    chart.items.filter((i) => i.group === g).reduce((a, i) => a + i.value, 0),
  );
  const legendRows = Math.ceil(groups.length / 4);
  const height = top + mapH + 8 + legendRows * 18 + 6;
  const colour = (group: string) => GROUP_COLOURS[groups.indexOf(group) % GROUP_COLOURS.length];
  const items = [...chart.items].filter((i) => i.value > 0).sort((a, b) => b.value - a.value);
  const rects = squarify(
    items.map((i) => i.value),
    { x: 0, y: top, w: width, h: mapH },
  );
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>`,
    `<title>${escapeXml(chart.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="4" y="15" font-weight="bold">${escapeXml(chart.title)}</text>`,
  ];
  items.forEach((item, i) => {
    const r = rects[i];
    const text = `${item.label}: ${formatNumber(item.value)} ${chart.unit}`;
    parts.push(
      `<rect x="${r.x.toFixed(1)}" y="${r.y.toFixed(1)}" width="${r.w.toFixed(1)}" height="${r.h.toFixed(1)}" fill="${colour(item.group)}" stroke="#fff" stroke-width="1"><title>${escapeXml(text)}</title></rect>`,
    );
    // A label when it fits: the file name, then the size.
    if (r.w > 48 && r.h > 14) {
      const short = item.label.split('/').pop() ?? item.label;
      const fit = Math.floor((r.w - 6) / 6);
      parts.push(
        `<text x="${(r.x + 3).toFixed(1)}" y="${(r.y + 12).toFixed(1)}" fill="#fff">${escapeXml(short.length > fit ? `${short.slice(0, Math.max(fit - 1, 1))}…` : short)}</text>`,
      );
      if (r.h > 28)
        parts.push(
          `<text x="${(r.x + 3).toFixed(1)}" y="${(r.y + 25).toFixed(1)}" fill="#fff">${formatNumber(item.value)} ${escapeXml(chart.unit)}</text>`,
        );
    }
  });
  groups.forEach((group, i) => {
    const lx = 4 + (i % 4) * 238;
    const ly = top + mapH + 8 + Math.floor(i / 4) * 18;
    parts.push(
      `<rect x="${lx}" y="${ly}" width="10" height="10" fill="${colour(group)}"/>`,
      `<text x="${lx + 14}" y="${ly + 9}">${escapeXml(group)} ${formatNumber(groupTotals[i])} ${escapeXml(chart.unit)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
