import { stripAccents } from '../../core/normalise.js';
import type { ChunkDocument, GraphStore, StoredDocument } from '../../graph/store.js';
import { innermostHeading } from '../../core/records.js';

/** Chunks by their document's title, as a question would write it (accent-free words, lower case). */
export type TitleIndex = ReadonlyMap<string, readonly string[]>;

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
  const titles = new Map(documents.map((document) => [document.id, titleKey(document.title)]));
  const chunksByKey = new Map<string, Set<string>>();
  const documentsByKey = new Map<string, Set<string>>();
  const add = (key: string | undefined, id: string, documentId: string) => {
    if (!key || key.length < MIN_TITLE_CHARACTERS) return;
    const chunksOfKey = chunksByKey.get(key) ?? new Set<string>();
    chunksOfKey.add(id);
    chunksByKey.set(key, chunksOfKey);
    const documentsOfKey = documentsByKey.get(key) ?? new Set<string>();
    documentsOfKey.add(documentId);
    documentsByKey.set(key, documentsOfKey);
  };
  for (const { id, documentId, section } of chunks) {
    add(titles.get(documentId), id, documentId);
    // A chunk under a heading is about what the heading names ("Shared Options › pollMode").
    const heading = innermostHeading(section);
    if (heading) add(titleKey(heading), id, documentId);
  }
  const index = new Map<string, string[]>();
  for (const [key, chunksOfKey] of chunksByKey) if ((documentsByKey.get(key)?.size ?? 0) * 2 <= titles.size) index.set(key, [...chunksOfKey]);
  return index;
}

/**
 * The passages *about* what a question names: chunks of documents whose title the question
 * writes as a name (capitalised where it starts: "the Pterocarya or the Cotula"), or whose title
 * is the name or an alias of an entity the question was linked to. As HippoRAG links a mention
 * to the passage of that title, "the director of Maximum Overdrive" starts from the film's page.
 */
export function passagesAboutQuestion(question: string, linkedNames: readonly string[], titles: TitleIndex): string[] {
  const written = plain(question);
  const lower = written.toLowerCase();
  const found: string[] = [];
  const add = (key: string) => {
    for (const id of titles.get(key) ?? []) if (!found.includes(id)) found.push(id);
  };
  for (const name of linkedNames) add(titleKey(name));
  for (const key of titles.keys()) {
    let at = lower.indexOf(` ${key} `);
    while (at >= 0) {
      if (/[\p{Lu}\p{N}]/u.test(written.charAt(at + 1))) {
        add(key);
        break;
      }
      at = lower.indexOf(` ${key} `, at + 1);
    }
  }
  return found;
}
