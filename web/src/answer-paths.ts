import type { EntityPath } from '../../src/explore/graph-explorer.js';
import type { Explorer } from './explorer.js';

/** The names at both ends of a path written "A —LEADS→ B ←USES— C", and its number of relations. */
export function pathEnds(text: string): { from: string; to: string; hops: number } | null {
  const names = text.split(/ (?:—[^→]*→|←[^—]*—) /);
  const from = names[0];
  const to = names.at(-1);
  if (names.length < 2 || !from || !to) return null;
  return { from, to, hops: names.length - 1 };
}

/**
 * Finds the paths an answer cites (through GET /api/paths between their ends, keeping the one
 * written the same way), draws them and highlights their entities and relations.
 */
export async function highlightPaths(explorer: Explorer, texts: string[]): Promise<EntityPath[]> {
  const found: EntityPath[] = [];
  for (const text of texts) {
    const ends = pathEnds(text);
    if (!ends) continue;
    const query = new URLSearchParams({ from: ends.from, to: ends.to, maxHops: String(Math.min(5, ends.hops)), limit: '50' });
    const { paths } = await explorer.api.get<{ paths: EntityPath[] }>(`/api/paths?${query}`);
    const same = paths.find((candidate) => candidate.text === text);
    if (same) found.push(same);
  }
  explorer.graph.add(found.flatMap((path) => path.entities), found.flatMap((path) => path.relations));
  explorer.graph.highlight(found.flatMap((path) => path.entities.map((entity) => entity.id)), found.flatMap((path) => path.relations.map((relation) => relation.id)));
  return found;
}
