import { stripAccents } from '../../core/normalise.js';
import type { ChunkDocument, GraphStore, StoredDocument } from '../../graph/store.js';
import { innermostHeading } from '../../core/records.js';
import type { KeyedLookup } from '../index-lookups.js';

/**
 * Chunks by what they are about, as a question would write it (accent-free words, lower case): by
 * their document's title (the whole page is about it), and by their own section heading (that part of
 * a page is).
 */
export interface TitleIndex {
  /** Title → the chunks of the documents so titled. */
  readonly titles: KeyedLookup<readonly string[]>;
  /** Heading → the chunks under a heading so written. */
  readonly headings: KeyedLookup<readonly string[]>;
  /** The document of each chunk the index holds. */
  readonly documentOf: KeyedLookup<string>;
  /** The most words a title or heading holds: a question's word runs longer than that name none. */
  readonly longestKeyWords: number;
}



/** Titles shorter than this (after normalising) are too likely to be ordinary words. */
const MIN_TITLE_CHARACTERS = 4;

/** Accent-free, punctuation as single spaces, case kept, so positions in the question and its lower-case copy match. */
function plain(text: string): string {
  return ` ${stripAccents(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

/** A title without its trailing disambiguation ("Big Hero 6 (film)" → "Big Hero 6"), as `plain` writes it, lower case. */
function titleKey(title: string): string {
  return plain(title.replace(/\s*\([^()]*\)\s*$/u, '')).toLowerCase().trim();
}

/**
 * Reads every chunk's document title and section heading once (no chunk text is loaded). A title or
 * heading that most documents share (a product's name over its whole manual) names their collection, not what
 * one page is about: it is left out.
 */
export async function loadTitleIndex(store: GraphStore): Promise<TitleIndex> {
  return buildTitleIndex(await store.listDocuments(), await store.listChunkDocuments());
}

/** The title index of these documents and chunks (see loadTitleIndex). */
export function buildTitleIndex(documents: ReadonlyArray<Pick<StoredDocument, 'id' | 'title'>>, chunks: readonly ChunkDocument[]): TitleIndex {
  const titleOf = new Map(documents.map((document) => [document.id, titleKey(document.title)]));
  const titled = new Map<string, string[]>();
  const headed = new Map<string, string[]>();
  const documentsByKey = new Map<string, Set<string>>();
  const add = (into: Map<string, string[]>, key: string | undefined, id: string, documentId: string) => {
    if (!key || key.length < MIN_TITLE_CHARACTERS) return;
    const chunksOfKey = into.get(key) ?? [];
    if (!chunksOfKey.includes(id)) chunksOfKey.push(id);
    into.set(key, chunksOfKey);
    const documentsOfKey = documentsByKey.get(key) ?? new Set<string>();
    documentsOfKey.add(documentId);
    documentsByKey.set(key, documentsOfKey);
  };
  for (const { id, documentId, section } of chunks) {
    add(titled, titleOf.get(documentId), id, documentId);
    // A chunk under a heading is about what the heading names ("Shared Options › pollMode").
    const heading = innermostHeading(section);
    if (heading) add(headed, titleKey(heading), id, documentId);
  }
  const named = (key: string) => (documentsByKey.get(key)?.size ?? 0) * 2 <= titleOf.size;
  const kept = (byKey: Map<string, string[]>) => new Map([...byKey].filter(([key]) => named(key)));
  const index = { titles: kept(titled), headings: kept(headed) };
  const held = new Set([...index.titles.values(), ...index.headings.values()].flat());
  const longestKeyWords = Math.max(0, ...[...index.titles.keys(), ...index.headings.keys()].map((key) => key.split(' ').length));
  return { ...index, documentOf: new Map(chunks.filter((chunk) => held.has(chunk.id)).map((chunk) => [chunk.id, chunk.documentId])), longestKeyWords };
}

/**
 * The passages *about* what a question names: chunks of documents whose title the question
 * writes as a name (capitalised where it starts: "the Pterocarya or the Cotula"), or whose title
 * is the name or an alias of an entity the question was linked to. As HippoRAG links a mention
 * to the passage of that title, "the director of Maximum Overdrive" starts from the film's page.
 * Namesakes ("Edda Vorrin (footballer)", "Edda Vorrin (political consultant)"): a question means one of
 * them, so of the documents a name titles only the one `rankOf` puts first is about it (lower is better);
 * the others' passages are `namesakes`.
 */
export function passagesAboutQuestion(question: string, linkedNames: readonly string[], titles: TitleIndex, rankOf: (chunkId: string) => number = () => 0): { meant: string[]; namesakes: string[] } {
  const written = plain(question);
  const lower = written.toLowerCase();
  const found: string[] = [];
  const namesakes: string[] = [];
  const add = (key: string) => {
    const ids = [...(titles.titles.get(key) ?? []), ...(titles.headings.get(key) ?? [])];
    const documentOf = (id: string) => titles.documentOf.get(id) ?? '';
    const several = ids.some((id) => documentOf(id) !== documentOf(ids[0] as string));
    const best = several ? ids.reduce<string | undefined>((kept, id) => (kept === undefined || rankOf(id) < rankOf(kept) ? id : kept), undefined) : ids[0];
    const meant = best === undefined ? undefined : documentOf(best);
    for (const id of ids) {
      if (documentOf(id) === meant) {
        if (!found.includes(id)) found.push(id);
      } else if (!namesakes.includes(id)) namesakes.push(id);
    }
  };
  for (const name of linkedNames) add(titleKey(name));
  // Each run of the question's words that is a title or heading, where the question capitalises (or numbers) its first word.
  const words = lower.trim().split(' ').filter((word) => word !== '');
  const starts: number[] = [];
  for (let word = 0, at = 1; word < words.length; at += (words[word] as string).length + 1, word++) starts.push(at);
  const met = new Set<string>();
  for (let first = 0; first < words.length; first++) {
    if (!/[\p{Lu}\p{N}]/u.test(written.charAt(starts[first] as number))) continue;
    for (let count = 1; count <= titles.longestKeyWords && first + count <= words.length; count++) {
      const key = words.slice(first, first + count).join(' ');
      if (!met.has(key) && (titles.titles.get(key) !== undefined || titles.headings.get(key) !== undefined)) {
        met.add(key);
        add(key);
      }
    }
  }
  return { meant: found, namesakes: namesakes.filter((id) => !found.includes(id)) };
}

/**
 * The passages about the named things (names or aliases): the chunks of documents titled with one
 * (`pages`), and the chunks whose own section heading is one in documents titled otherwise (`sections`).
 */
export function passagesAboutNames(names: readonly string[], titles: TitleIndex): { pages: string[]; sections: string[] } {
  const pages: string[] = [];
  const sections: string[] = [];
  for (const name of names) {
    const key = titleKey(name);
    for (const id of titles.titles.get(key) ?? []) if (!pages.includes(id)) pages.push(id);
    for (const id of titles.headings.get(key) ?? []) if (!sections.includes(id)) sections.push(id);
  }
  return { pages, sections: sections.filter((id) => !pages.includes(id)) };
}
