import { SECTION_SEPARATOR, type Chunk, type SourceDocument, type TextBlock } from '../core/records.js';
import { buildChunk } from './build-chunk.js';
import { packUnits, unitsOf, type TextUnit } from './pack-text-units.js';
import { splitSentences } from './sentences.js';

/** Consecutive blocks chunked together: prose of one section and page, or one code block or table. */
interface BlockRun {
  kind: NonNullable<Chunk['kind']>;
  blocks: TextBlock[];
}

/**
 * Chunks a document by its blocks. Prose blocks of one section and page are cut into windows of whole
 * sentences, each block split on its own so no sentence crosses a heading, list item or paragraph; a code
 * block or table is a run of its own, cut at line ends when too long and with no overlap, so it stays whole
 * where it fits. Every chunk carries its kind, section path and page.
 */
export function chunkStructuredDocument(document: SourceDocument, blocks: readonly TextBlock[], maxTokens: number, overlapTokens: number): Chunk[] {
  const text = document.text;
  const chunks: Chunk[] = [];
  for (const run of groupBlocks(blocks)) {
    const units: TextUnit[] = run.kind === 'prose'
      ? run.blocks.flatMap((block) => splitSentences(text.slice(block.start, block.end), document.language).flatMap((sentence) => unitsOf(text, block.start + sentence.start, block.start + sentence.end, maxTokens)))
      : run.blocks.flatMap((block) => lineUnits(text, block, maxTokens));
    const first = run.blocks[0];
    const section = first && first.section.length > 0 ? first.section.join(SECTION_SEPARATOR) : undefined;
    const structure = {
      ...(run.kind === 'prose' ? {} : { kind: run.kind }),
      ...(section === undefined ? {} : { section }),
      ...(first?.page === undefined ? {} : { page: first.page }),
    };
    for (const window of packUnits(text, units, maxTokens, run.kind === 'prose' ? overlapTokens : 0)) {
      chunks.push(buildChunk(document, chunks.length, window, structure));
    }
  }
  return chunks;
}

function groupBlocks(blocks: readonly TextBlock[]): BlockRun[] {
  const runs: BlockRun[] = [];
  for (const block of blocks) {
    const kind = block.kind === 'code' || block.kind === 'table' ? block.kind : 'prose';
    const previous = runs[runs.length - 1];
    const sameSection = previous?.blocks[0]?.section.join('\n') === block.section.join('\n') && previous?.blocks[0]?.page === block.page;
    if (kind === 'prose' && previous?.kind === 'prose' && sameSection) previous.blocks.push(block);
    else runs.push({ kind, blocks: [block] });
  }
  return runs;
}

/** The non-blank lines of a code block or table as units, so a long one is cut between lines. */
function lineUnits(text: string, block: TextBlock, maxTokens: number): TextUnit[] {
  const units: TextUnit[] = [];
  let lineStart = block.start;
  while (lineStart < block.end) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 || newline > block.end ? block.end : newline;
    if (text.slice(lineStart, lineEnd).trim() !== '') units.push(...unitsOf(text, lineStart, lineEnd, maxTokens));
    lineStart = lineEnd + 1;
  }
  return units;
}
