import { stripAccents } from '../../core/normalise.js';
import type { GraphStore } from '../../graph/store.js';
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

/** Reads every chunk's document title once (no chunk text is loaded). */
export async function loadTitleIndex(store: GraphStore): Promise<TitleIndex> {
  const titles = new Map((await store.listDocuments()).map((document) => [document.id, titleKey(document.title)]));
  const index = new Map<string, string[]>();
  const add = (key: string | undefined, id: string) => {
    if (!key || key.length < MIN_TITLE_CHARACTERS) return;
    const list = index.get(key) ?? [];
    if (!list.includes(id)) list.push(id);
    index.set(key, list);
  };
  for (const { id, documentId, section } of await store.listChunkDocuments()) {
    add(titles.get(documentId), id);
    // A chunk under a heading is about what the heading names ("Shared Options › appType").
    const heading = innermostHeading(section);
    if (heading) add(titleKey(heading), id);
  }
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
