import type { TitleIndex } from './title-passages.js';

/** The passages about the entities of the best relation paths: pages titled with their names, and sections headed with them. */
export interface PathPassages {
  pages: ReadonlySet<string>;
  sections: ReadonlySet<string>;
}

/**
 * Reorders a fused ranking (best first) so that what the question and its paths are about comes
 * first. Every fused score is at most the first one (`top`): the passages about the question's own
 * entities rise above all others (+2·top); the best-ranked passage of each page about a path's entity
 * comes right after them (+top), the second hop of a bridge question ("the producer of X's
 * soundtrack" → the producer's page); the rest of those pages, and the sections headed with those
 * names in pages about something else, are raised by half as much (+top/2), so a long page does not
 * push everything else out; so are the `namesakes` of the pages the question means (another page of the same
 * name: it may be the one meant after all). Passages the ranking lacks are added; the ranking is sorted again.
 */
export function promoteAboutPassages(fused: Array<{ id: string; score: number }>, about: ReadonlySet<string>, paths: PathPassages, titles: TitleIndex, namesakes: readonly string[] = []): void {
  const top = fused[0]?.score ?? 1;
  promote(fused, about, 2 * top);
  const leads = leadingPassages(fused, paths.pages, titles);
  promote(fused, leads, top);
  promote(fused, new Set([...paths.pages, ...paths.sections, ...namesakes].filter((id) => !leads.has(id))), top / 2);
}

/** Of the given passages, the best-ranked one of each document (passages the ranking lacks come after those it holds, in the given order). */
function leadingPassages(ranked: ReadonlyArray<{ id: string }>, ids: ReadonlySet<string>, titles: TitleIndex): Set<string> {
  const leads = new Map<string, string>();
  for (const id of [...ranked.map((item) => item.id).filter((id) => ids.has(id)), ...ids]) {
    const document = titles.documentOf.get(id) ?? id;
    if (!leads.has(document)) leads.set(document, id);
  }
  return new Set(leads.values());
}

/** Raises the given chunks by `bonus` in the fused ranking (adding those it lacks) and sorts it again. */
function promote(fused: Array<{ id: string; score: number }>, ids: ReadonlySet<string>, bonus: number): void {
  if (ids.size === 0) return;
  const rankedIds = new Set(fused.map((item) => item.id));
  for (const id of ids) if (!rankedIds.has(id)) fused.push({ id, score: 0 });
  for (const item of fused) if (ids.has(item.id)) item.score += bonus;
  fused.sort((left, right) => right.score - left.score || left.id.localeCompare(right.id));
}
