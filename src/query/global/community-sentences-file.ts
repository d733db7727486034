import { pack, packLists, unpack, unpackLists } from '../../core/packed-file.js';
import type { DerivedFileKind } from '../kept-or-made.js';
import type { CommunitySentence } from './community-sentences.js';

/** Bump when the layout below, or how sentences are read (see collectCommunitySentences), changes: a file of another layout is not read. */
const LAYOUT = 1;

interface Header {
  layout: number;
  communityIds: string[];
  /** Each chunk whose sentences are held: its id and its document's. */
  chunks: Array<[chunkId: string, documentId: string]>;
  /** Every held sentence's text, chunk by chunk. */
  texts: string[];
  /** The stems the sentences hold, numbered by position. */
  stems: string[];
}

/**
 * Each community's sentences as a packed file: each chunk's sentences once (text, span, numbered
 * stems), however many communities read it, and each community's chunks in order. Read back, a
 * sentence several communities list is again one object.
 */
function encodeCommunitySentences(sentences: Map<string, CommunitySentence[]>): Uint8Array {
  const header: Header = { layout: LAYOUT, communityIds: [...sentences.keys()], chunks: [], texts: [], stems: [] };
  const chunkPositions = new Map<string, number>();
  const stemNumbers = new Map<string, number>();
  const sentencesOfChunk: number[][] = [];
  const spans: number[] = [];
  const stemsOfSentence: number[][] = [];
  const chunksOfCommunity: number[][] = [];
  const numberOf = (stem: string): number => {
    let number = stemNumbers.get(stem);
    if (number === undefined) {
      number = header.stems.push(stem) - 1;
      stemNumbers.set(stem, number);
    }
    return number;
  };
  for (const list of sentences.values()) {
    const positions: number[] = [];
    for (let at = 0; at < list.length; ) {
      const { chunkId, documentId } = (list[at] as CommunitySentence).finding;
      let end = at;
      while (end < list.length && (list[end] as CommunitySentence).finding.chunkId === chunkId) end += 1;
      let position = chunkPositions.get(chunkId);
      if (position === undefined) {
        position = header.chunks.length;
        chunkPositions.set(chunkId, position);
        header.chunks.push([chunkId, documentId]);
        const held: number[] = [];
        for (const { finding, stems } of list.slice(at, end)) {
          held.push(header.texts.length);
          header.texts.push(finding.text);
          spans.push(finding.span.start, finding.span.end);
          stemsOfSentence.push([...stems].map(numberOf));
        }
        sentencesOfChunk.push(held);
      }
      positions.push(position);
      at = end;
    }
    chunksOfCommunity.push(positions);
  }
  return pack(header, [...packLists(sentencesOfChunk), Int32Array.from(spans), ...packLists(stemsOfSentence), ...packLists(chunksOfCommunity)]);
}

function decodeCommunitySentences(bytes: Uint8Array | null): Map<string, CommunitySentence[]> | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || unpacked.arrays.length !== 7) return null;
  const { communityIds, chunks, texts, stems } = header;
  if (![communityIds, chunks, texts, stems].every(Array.isArray)) return null;
  const [sentenceOffsets, sentenceItems, spans, stemOffsets, stemItems, chunkOffsets, chunkItems] = unpacked.arrays;
  const sentencesOfChunk = unpackLists(sentenceOffsets, sentenceItems, texts.length);
  const stemsOfSentence = unpackLists(stemOffsets, stemItems, stems.length);
  const chunksOfCommunity = unpackLists(chunkOffsets, chunkItems, chunks.length);
  if (!sentencesOfChunk || !stemsOfSentence || !chunksOfCommunity || !(spans instanceof Int32Array)) return null;
  if (sentencesOfChunk.length !== chunks.length || stemsOfSentence.length !== texts.length || spans.length !== 2 * texts.length || chunksOfCommunity.length !== communityIds.length) return null;
  const read = chunks.map(([chunkId, documentId], position) =>
    (sentencesOfChunk[position] as number[]).map((sentence): CommunitySentence => ({
      finding: { text: texts[sentence] as string, chunkId, documentId, span: { start: spans[2 * sentence] as number, end: spans[2 * sentence + 1] as number } },
      stems: new Set((stemsOfSentence[sentence] as number[]).map((stem) => stems[stem] as string)),
    })),
  );
  return new Map(communityIds.map((id, position) => [id, (chunksOfCommunity[position] as number[]).flatMap((chunk) => read[chunk] as CommunitySentence[])]));
}

/** Each community's sentences (by community id), kept beside a store. */
export const COMMUNITY_SENTENCES_FILE: DerivedFileKind<Map<string, CommunitySentence[]>> = { name: 'community-sentences', encode: encodeCommunitySentences, decode: decodeCommunitySentences };
