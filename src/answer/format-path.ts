import type { RelationPath } from '../core/retrieval-context.js';

/** Writes a relation path as "A —LEADS→ B —USES→ C" (arrows follow each relation's direction). */
export function formatPath(path: RelationPath): string {
  let text = path.entities[0]?.name ?? '';
  path.relations.forEach((relation, index) => {
    const from = path.entities[index];
    const to = path.entities[index + 1];
    const forward = from !== undefined && relation.sourceId === from.id;
    const label = relation.type === 'RELATED_TO' ? 'related to' : relation.type;
    text += forward ? ` —${label}→ ${to?.name ?? ''}` : ` ←${label}— ${to?.name ?? ''}`;
  });
  return text;
}
