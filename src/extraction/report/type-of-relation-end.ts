import { FALLBACK_NODE_TYPE } from '../../config/graph-schema.js';
import type { ExtractedEntity, Span } from '../../core/records.js';

/** The type a chunk's extraction gave the named end of a relation: its mention inside the relation's span, else any mention of the name. */
export function typeOfRelationEnd(name: string, span: Span, entities: readonly ExtractedEntity[]): string {
  const named = entities.filter((entity) => entity.name === name);
  const inside = named.find((entity) => entity.span.start >= span.start && entity.span.end <= span.end);
  return (inside ?? named[0])?.type ?? FALLBACK_NODE_TYPE;
}
