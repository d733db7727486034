import type { Citation } from '../../src/core/records.js';
import type { ChunkWithSource } from '../../src/graph/store.js';
import { element, show, type Child } from './dom.js';
import type { Explorer } from './explorer.js';

/** A chunk's text with the span `[start, end)` (document offsets) marked, when it lies in the chunk. */
export function markedText(chunk: Pick<ChunkWithSource, 'text' | 'start'>, span: Citation['span']): Child[] {
  if (!span) return [chunk.text];
  const from = Math.max(0, span.start - chunk.start);
  const to = Math.min(chunk.text.length, span.end - chunk.start);
  if (to <= from || from >= chunk.text.length) return [chunk.text];
  return [chunk.text.slice(0, from), element('mark', {}, [chunk.text.slice(from, to)]), chunk.text.slice(to)];
}

/** Shows the passage a chunk citation points at, its cited span marked; other kinds say what they cite. */
export async function showPassage(explorer: Explorer, target: HTMLElement, citation: Citation): Promise<void> {
  const heading = element('h3', {}, [citation.label || citation.path || citation.id]);
  if (citation.kind === 'relation') explorer.graph.highlight([], [citation.id]);
  if (citation.kind !== 'chunk') {
    show(target, [heading, element('p', { className: 'note' }, [`${citation.kind} ${citation.id}`])]);
    return;
  }
  show(target, [heading, element('p', { className: 'note' }, ['loading the passage…'])]);
  const chunk = await explorer.api.get<ChunkWithSource>(`/api/chunks/${encodeURIComponent(citation.id)}`);
  show(target, [
    heading,
    element('p', { className: 'source' }, [chunk.documentPath, chunk.section ? ` · ${chunk.section}` : null, chunk.page ? ` · page ${chunk.page}` : null]),
    element('blockquote', { className: 'passage-text', data: { chunk: chunk.id } }, markedText(chunk, citation.span)),
  ]);
  target.scrollIntoView({ block: 'nearest' });
}
