import { RhizomeError } from '../errors/rhizome-error.js';
import { TopItems } from '../core/top-items.js';
import { positionsOf, SortedKeys, type Positions, type StringList } from './index-lookups.js';

/** A document as the BM25 index sees it: an id and the text to index. */
export interface Bm25Document {
  id: string;
  text: string;
}

/** One search hit; `score` is the Okapi BM25 score, always > 0. */
export interface Bm25Hit {
  id: string;
  score: number;
}

/** The two Okapi BM25 parameters: term-frequency saturation `k1` and length normalisation `b`. */
export interface Bm25Parameters {
  k1?: number;
  b?: number;
}

/**
 * What an Okapi BM25 index counts, term by term: each document's length in tokens, and per term the
 * documents holding it with how often (a term's postings run from `termOffsets[t]` to
 * `termOffsets[t + 1]` in the two arrays, in document order).
 */
export interface Bm25Postings {
  ids: string[];
  lengths: Int32Array;
  terms: StringList;
  termOffsets: Int32Array;
  documentIndexes: Int32Array;
  termFrequencies: Int32Array;
  /** The terms' positions in the order of the terms themselves (see `keyOrder`), when read back from a file: a term is then found by halving, with no map of every term built. */
  termOrder?: Int32Array;
}

/** An immutable in-memory BM25 index. */
export interface Bm25Index {
  /** Number of indexed documents. */
  readonly documentCount: number;
  /** Mean document length in tokens. */
  readonly averageDocumentLength: number;
  /** The counts it ranks by (to keep beside a store, see `bm25IndexOf`). */
  readonly postings: Bm25Postings;
  /** The `k` best documents for `query`, by score descending then id ascending; only documents sharing a term with the query. */
  search(query: string, k: number): Bm25Hit[];
}

/** Below one kept hit in this many touched documents, the best are kept as they come rather than sorted (the insertion is linear in k). */
const FEW_OF_MANY = 16;

function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

const TOKEN_PATTERN = /[\p{L}\p{N}_]+/gu;

/**
 * Splits text into lower-cased runs of Unicode letters, digits and underscore; no stemming, no stop words.
 * The text is NFC-normalised first so that a decomposed accent ("e" + U+0301) does not cut a word in two.
 */
export function tokenizeForBm25(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.normalize('NFC').matchAll(TOKEN_PATTERN)) tokens.push(match[0].toLowerCase());
  return tokens;
}

/**
 * Builds an Okapi BM25 index: score(D, Q) = Σ over query tokens q of idf(q) · tf·(k1 + 1) / (tf + k1·(1 − b + b·|D|/avgdl)),
 * with idf(q) = ln(1 + (N − df + 0.5)/(df + 0.5)). A term repeated in the query counts once per occurrence,
 * as in the textbook sum over the query's tokens (and in rank_bm25).
 */
export function createBm25Index(documents: readonly Bm25Document[], parameters: Bm25Parameters = {}): Bm25Index {
  checkParameters(parameters);
  return bm25IndexOf(countPostings(documents), parameters);
}

/** The postings of these documents: their tokens (see tokenizeForBm25) counted per document, term by term in the order they are first met. */
export function countPostings(documents: readonly Bm25Document[]): Bm25Postings {
  const ids: string[] = [];
  const seenIds = new Set<string>();
  const lengths = new Int32Array(documents.length);
  const frequenciesByTerm = new Map<string, { documentIndexes: number[]; termFrequencies: number[] }>();
  let postingCount = 0;
  documents.forEach((document, documentIndex) => {
    if (seenIds.has(document.id)) {
      throw new RhizomeError('INPUT_INVALID', `BM25 index: duplicate document id "${document.id}" at position ${documentIndex}`);
    }
    seenIds.add(document.id);
    ids.push(document.id);
    const tokens = tokenizeForBm25(document.text);
    lengths[documentIndex] = tokens.length;
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [term, count] of counts) {
      let postings = frequenciesByTerm.get(term);
      if (postings === undefined) {
        postings = { documentIndexes: [], termFrequencies: [] };
        frequenciesByTerm.set(term, postings);
      }
      postings.documentIndexes.push(documentIndex);
      postings.termFrequencies.push(count);
      postingCount += 1;
    }
  });
  const terms = [...frequenciesByTerm.keys()];
  const termOffsets = new Int32Array(terms.length + 1);
  const documentIndexes = new Int32Array(postingCount);
  const termFrequencies = new Int32Array(postingCount);
  let offset = 0;
  terms.forEach((term, termIndex) => {
    const postings = frequenciesByTerm.get(term) as { documentIndexes: number[]; termFrequencies: number[] };
    documentIndexes.set(postings.documentIndexes, offset);
    termFrequencies.set(postings.termFrequencies, offset);
    offset += postings.documentIndexes.length;
    termOffsets[termIndex + 1] = offset;
  });
  return { ids, lengths, terms, termOffsets, documentIndexes, termFrequencies };
}

function checkParameters({ k1 = 1.2, b = 0.75 }: Bm25Parameters): void {
  if (!(k1 >= 0) || !(b >= 0 && b <= 1)) {
    throw new RhizomeError('INPUT_INVALID', `BM25 parameters out of range: k1 must be ≥ 0 and b in [0, 1] (got k1=${k1}, b=${b})`);
  }
}

/** The BM25 index over these postings (see createBm25Index). */
export function bm25IndexOf(postings: Bm25Postings, parameters: Bm25Parameters = {}): Bm25Index {
  checkParameters(parameters);
  const k1 = parameters.k1 ?? 1.2;
  const b = parameters.b ?? 0.75;
  const { ids, lengths, terms, termOffsets, documentIndexes, termFrequencies } = postings;
  const documentCount = ids.length;
  let totalLength = 0;
  for (const length of lengths) totalLength += length;
  const averageDocumentLength = documentCount === 0 ? 0 : totalLength / documentCount;

  // k1·(1 − b + b·|D|/avgdl) depends only on the document, so it is computed once per document.
  const lengthNormalisers = new Float64Array(documentCount);
  for (let index = 0; index < documentCount; index += 1) {
    const relativeLength = averageDocumentLength === 0 ? 0 : (lengths[index] ?? 0) / averageDocumentLength;
    lengthNormalisers[index] = k1 * (1 - b + b * relativeLength);
  }

  const termIndexes: Positions = postings.termOrder ? new SortedKeys(terms, postings.termOrder) : positionsOf(terms);
  const inverseDocumentFrequencies = new Float64Array(terms.length);
  for (let termIndex = 0; termIndex < terms.length; termIndex += 1) {
    const documentFrequency = (termOffsets[termIndex + 1] as number) - (termOffsets[termIndex] as number);
    inverseDocumentFrequencies[termIndex] = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  const scores = new Float64Array(documentCount);

  function search(query: string, k: number): Bm25Hit[] {
    if (!Number.isInteger(k) || k < 0) throw new RhizomeError('INPUT_INVALID', `BM25 search: k must be a non-negative integer (got ${k})`);
    const queryCounts = new Map<string, number>();
    for (const token of tokenizeForBm25(query)) queryCounts.set(token, (queryCounts.get(token) ?? 0) + 1);

    const touched: number[] = [];
    for (const [term, queryCount] of queryCounts) {
      const termIndex = termIndexes.get(term);
      if (termIndex === undefined) continue;
      const weight = (inverseDocumentFrequencies[termIndex] as number) * queryCount * (k1 + 1);
      const end = termOffsets[termIndex + 1] as number;
      for (let position = termOffsets[termIndex] as number; position < end; position += 1) {
        const documentIndex = documentIndexes[position] as number;
        const termFrequency = termFrequencies[position] as number;
        if (scores[documentIndex] === 0) touched.push(documentIndex);
        scores[documentIndex] = (scores[documentIndex] as number) + (weight * termFrequency) / (termFrequency + (lengthNormalisers[documentIndex] as number));
      }
    }
    const byScore = (left: number, right: number) => (scores[right] as number) - (scores[left] as number) || compareIds(ids[left] as string, ids[right] as string);
    // A few best of many are kept as they come (a common word touches most documents: sorting them all
    // costs more than scoring them); many of few are sorted. Both give the order of the whole sort.
    let ranked: number[];
    if (k * FEW_OF_MANY < touched.length) {
      const best = new TopItems<number>(k, byScore);
      for (const documentIndex of touched) best.offer(documentIndex);
      ranked = best.items;
    } else ranked = touched.sort(byScore).slice(0, k);
    const hits: Bm25Hit[] = ranked.map((documentIndex) => ({ id: ids[documentIndex] as string, score: scores[documentIndex] as number }));
    for (const documentIndex of touched) scores[documentIndex] = 0;
    return hits;
  }

  return { documentCount, averageDocumentLength, postings, search };
}
