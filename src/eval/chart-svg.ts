import { hopKindLabel, sortHopKinds, type CoverageResult } from './summary.js';

/** Colour-blind-safe series colours (Okabe–Ito), used in method order and repeated past eight methods. */
const SERIES_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

const PLOT_HEIGHT = 240;
const MARGIN = { top: 64, right: 24, bottom: 64, left: 64 };
const GROUP_PADDING = 24;
const BAR_WIDTH = 22;
const AVERAGE_CHARACTER_WIDTH = 7;
const HOP_COUNT = /^[1-9]\d*$/;

/**
 * A self-contained SVG of mean coverage score per hop kind per method: grouped bars on a 0–1 axis with
 * gridlines, a line through each method's 1-, 2-, 3-… hop bars to show how the score falls with hops, a legend and axis
 * titles. The same result always gives the same bytes.
 */
export function renderCoverageChartSvg(result: CoverageResult, options: { title?: string } = {}): string {
  const title = options.title ?? 'Mean coverage score by question kind';
  const methods = Object.keys(result.methods);
  const kinds = sortHopKinds(Object.values(result.methods).flatMap((summary) => Object.keys(summary.byHops)));
  const groupWidth = Math.max(1, methods.length) * BAR_WIDTH + GROUP_PADDING;
  const plotWidth = Math.max(1, kinds.length) * groupWidth;
  const legendWidth = methods.reduce((width, method) => width + 28 + method.length * AVERAGE_CHARACTER_WIDTH, 0);
  const width = MARGIN.left + Math.max(plotWidth, legendWidth) + MARGIN.right;
  const height = MARGIN.top + PLOT_HEIGHT + MARGIN.bottom;
  const yOf = (score: number): number => MARGIN.top + PLOT_HEIGHT * (1 - clamp(score));
  const barX = (kindIndex: number, methodIndex: number): number =>
    MARGIN.left + kindIndex * groupWidth + GROUP_PADDING / 2 + methodIndex * BAR_WIDTH;

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    text(MARGIN.left, 20, title, { size: 14, weight: 'bold' }),
  ];

  for (let tick = 0; tick <= 5; tick += 1) {
    const score = tick / 5;
    const y = yOf(score);
    parts.push(`<line x1="${MARGIN.left}" y1="${format(y)}" x2="${MARGIN.left + plotWidth}" y2="${format(y)}" stroke="#dddddd" stroke-width="1"/>`);
    parts.push(text(MARGIN.left - 8, y + 4, score.toFixed(1), { anchor: 'end' }));
  }
  parts.push(`<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${MARGIN.top + PLOT_HEIGHT}" stroke="#333333" stroke-width="1"/>`);
  parts.push(`<line x1="${MARGIN.left}" y1="${MARGIN.top + PLOT_HEIGHT}" x2="${MARGIN.left + plotWidth}" y2="${MARGIN.top + PLOT_HEIGHT}" stroke="#333333" stroke-width="1"/>`);

  kinds.forEach((kind, kindIndex) => {
    parts.push(text(MARGIN.left + kindIndex * groupWidth + groupWidth / 2, MARGIN.top + PLOT_HEIGHT + 18, hopKindLabel(kind), { anchor: 'middle' }));
  });

  methods.forEach((method, methodIndex) => {
    const colour = SERIES_COLOURS[methodIndex % SERIES_COLOURS.length] ?? '#000000';
    const byHops = result.methods[method]?.byHops ?? {};
    const linePoints: string[] = [];
    kinds.forEach((kind, kindIndex) => {
      const score = byHops[kind];
      if (score === undefined) return;
      const x = barX(kindIndex, methodIndex);
      const y = yOf(score);
      const barHeight = MARGIN.top + PLOT_HEIGHT - y;
      parts.push(
        `<rect x="${format(x + 2)}" y="${format(y)}" width="${BAR_WIDTH - 4}" height="${format(barHeight)}" fill="${colour}" fill-opacity="0.75">` +
          `<title>${escapeXml(`${method}, ${hopKindLabel(kind)}: ${score.toFixed(2)}`)}</title></rect>`,
      );
      parts.push(text(x + BAR_WIDTH / 2, y - 4, score.toFixed(2), { anchor: 'middle', size: 9 }));
      if (HOP_COUNT.test(kind)) linePoints.push(`${linePoints.length === 0 ? 'M' : 'L'}${format(x + BAR_WIDTH / 2)} ${format(y)}`);
    });
    if (linePoints.length > 1) {
      parts.push(`<path d="${linePoints.join(' ')}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round"/>`);
    }
  });

  let legendX = MARGIN.left;
  methods.forEach((method, methodIndex) => {
    const colour = SERIES_COLOURS[methodIndex % SERIES_COLOURS.length] ?? '#000000';
    parts.push(`<rect x="${legendX}" y="34" width="12" height="12" fill="${colour}" fill-opacity="0.75"/>`);
    parts.push(text(legendX + 16, 44, method));
    legendX += 28 + method.length * AVERAGE_CHARACTER_WIDTH;
  });

  parts.push(text(MARGIN.left + plotWidth / 2, height - 16, 'Question kind (hops)', { anchor: 'middle' }));
  const yTitleX = 18;
  const yTitleY = MARGIN.top + PLOT_HEIGHT / 2;
  parts.push(
    `<text x="${yTitleX}" y="${format(yTitleY)}" text-anchor="middle" transform="rotate(-90 ${yTitleX} ${format(yTitleY)})">Mean coverage score (0–1)</text>`,
  );
  if (methods.length === 0) parts.push(text(MARGIN.left + 8, MARGIN.top + PLOT_HEIGHT / 2, 'No results'));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Escapes the five XML special characters so any method or kind name is safe inside text and attributes. */
export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function text(x: number, y: number, content: string, style: { anchor?: 'start' | 'middle' | 'end'; size?: number; weight?: 'bold' } = {}): string {
  const anchor = style.anchor === undefined || style.anchor === 'start' ? '' : ` text-anchor="${style.anchor}"`;
  const size = style.size === undefined ? '' : ` font-size="${style.size}"`;
  const weight = style.weight === undefined ? '' : ` font-weight="${style.weight}"`;
  return `<text x="${format(x)}" y="${format(y)}"${anchor}${size}${weight}>${escapeXml(content)}</text>`;
}

function clamp(score: number): number {
  return Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
}

/** Fixed one-decimal coordinates keep the output byte-stable across platforms. */
function format(value: number): string {
  return value.toFixed(1);
}
