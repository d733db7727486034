const SVG = 'http://www.w3.org/2000/svg';

function svgElement(tag: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  if (text !== undefined) made.textContent = text;
  return made;
}

/** One bar: its label and a value between 0 and 1. */
export interface Bar {
  label: string;
  value: number;
}

/** A horizontal bar chart of values in 0–1 (as SVG, labels as text), one row per bar. */
export function barChart(bars: Bar[], title: string): SVGElement {
  const rowHeight = 22;
  const labelWidth = 90;
  const barWidth = 180;
  const chart = svgElement('svg', { class: 'bar-chart', role: 'img', 'aria-label': title, width: labelWidth + barWidth + 50, height: bars.length * rowHeight + 4, viewBox: `0 0 ${labelWidth + barWidth + 50} ${bars.length * rowHeight + 4}` });
  bars.forEach((bar, index) => {
    const y = index * rowHeight + 2;
    const clamped = Math.max(0, Math.min(1, bar.value));
    const row = svgElement('g', { 'data-label': bar.label, 'data-value': bar.value.toFixed(3) });
    row.append(
      svgElement('text', { x: 0, y: y + 15, 'font-size': 12 }, bar.label),
      svgElement('rect', { x: labelWidth, y: y + 3, width: barWidth, height: 14, fill: '#eef3f8' }),
      svgElement('rect', { class: 'bar', x: labelWidth, y: y + 3, width: Math.round(clamped * barWidth), height: 14, fill: '#2f6fb0' }),
      svgElement('text', { x: labelWidth + barWidth + 6, y: y + 15, 'font-size': 12 }, bar.value.toFixed(2)),
    );
    chart.append(row);
  });
  return chart;
}
