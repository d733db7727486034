import type { Citation, CommunityFinding, Entity, Relation } from '../../core/records.js';
import type { RetrievalContext } from '../../core/retrieval-context.js';
import { citeChunk } from '../cite-chunk.js';
import type { EvidenceLine } from '../../prompts/answer-question-prompt.js';

/** An evidence line with the citation its id stands for and the document it belongs to. */
export interface CitableEvidence extends EvidenceLine {
  citation: Citation;
  /** Further citations the id stands for (a global point rests on several findings). */
  moreCitations?: Citation[];
  /** The document citation to add when this item is cited. */
  document?: Citation;
}

/** Most relations and entities listed; chunks and findings are already limited by the context's token budget. */
const MAX_RELATIONS = 12;
const MAX_ENTITIES = 12;
const MAX_EVIDENCE_CHARACTERS = 300;

function shorten(text: string, limit = MAX_EVIDENCE_CHARACTERS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

/**
 * Numbers the evidence of a retrieval context for the answer prompt — chunks (C), relations of
 * the best paths (R), the entities they and the question name (E), the chunks' documents (D)
 * community findings (F) and text-to-Cypher rows (Q) — keeping for each id the citation it maps back to.
 */
export function collectEvidence(context: RetrievalContext): CitableEvidence[] {
  const items: CitableEvidence[] = [];
  const documents = new Map<string, Citation>();
  for (const { chunk } of context.chunks) {
    if (!documents.has(chunk.documentId)) documents.set(chunk.documentId, { kind: 'document', id: chunk.documentId, label: chunk.documentTitle, path: chunk.documentPath });
  }
  context.chunks.forEach(({ chunk }, index) => {
    const date = chunk.documentDate ? `, ${chunk.documentDate}` : '';
    items.push({
      id: `C${index + 1}`,
      text: `(from "${chunk.documentTitle}"${date}) ${chunk.text.replace(/\s+/g, ' ').trim()}`,
      citation: citeChunk(chunk, { start: chunk.start, end: chunk.end }),
      ...(documents.has(chunk.documentId) ? { document: documents.get(chunk.documentId) as Citation } : {}),
    });
  });
  const entities = new Map<string, Entity>(context.questionEntities.map((entity) => [entity.id, entity]));
  const relations = new Map<string, { relation: Relation; from: Entity | undefined; to: Entity | undefined }>();
  for (const path of context.paths) {
    path.entities.forEach((entity) => entities.set(entity.id, entity));
    path.relations.forEach((relation) => {
      if (relations.has(relation.id)) return;
      const byId = new Map(path.entities.map((entity) => [entity.id, entity]));
      relations.set(relation.id, { relation, from: byId.get(relation.sourceId), to: byId.get(relation.targetId) });
    });
  }
  [...relations.values()].slice(0, MAX_RELATIONS).forEach(({ relation, from, to }, index) => {
    const label = relation.type === 'RELATED_TO' ? 'related to' : relation.type;
    const when = relation.validFrom ? ` (from ${relation.validFrom}${relation.validTo ? ` to ${relation.validTo}` : ''})` : '';
    items.push({
      id: `R${index + 1}`,
      text: `${from?.name ?? relation.sourceId} —${label}→ ${to?.name ?? relation.targetId}${when}: "${shorten(relation.evidence)}"`,
      citation: { kind: 'relation', id: relation.id, label: `${relation.type}: ${shorten(relation.evidence, 120)}` },
      ...(documents.has(relation.documentId) ? { document: documents.get(relation.documentId) as Citation } : {}),
    });
  });
  [...entities.values()].slice(0, MAX_ENTITIES).forEach((entity, index) => {
    const aliases = entity.aliases.length > 0 ? `, also "${entity.aliases.slice(0, 3).join('", "')}"` : '';
    items.push({ id: `E${index + 1}`, text: `${entity.name} (${entity.type}${aliases})${entity.description ? `: ${shorten(entity.description)}` : ''}`, citation: { kind: 'entity', id: entity.id, label: entity.name } });
  });
  [...documents.values()].forEach((document, index) => {
    items.push({ id: `D${index + 1}`, text: `document "${document.label}" (${document.path ?? document.id})`, citation: document });
  });
  let finding = 0;
  for (const scored of context.communities ?? []) {
    for (const found of scored.findings) {
      finding += 1;
      const cited = findingEvidence(`F${finding}`, found, scored.community.report.title);
      items.push({ ...cited, text: `${cited.text} (theme: ${scored.community.report.title})` });
    }
  }
  (context.cypher?.rows ?? []).slice(0, MAX_ROWS).forEach((row, index) => {
    items.push({ id: `Q${index + 1}`, text: `query row: ${shorten(JSON.stringify(row))}`, citation: citationOfRow(row, index) });
  });
  return items;
}

const MAX_ROWS = 30;

/** A community finding as evidence: its sentence (shortened), citing its chunk span under the report's title. */
export function findingEvidence(id: string, finding: CommunityFinding, reportTitle: string): CitableEvidence {
  return { id, text: shorten(finding.text), citation: { kind: 'chunk', id: finding.chunkId, label: reportTitle, span: finding.span } };
}

/** A query row cites the first graph id it holds (relation, entity or chunk), else the row itself. */
function citationOfRow(row: Record<string, unknown>, index: number): Citation {
  const ids = Object.values(row).filter((value): value is string => typeof value === 'string');
  const label = shorten(JSON.stringify(row), 120);
  const relation = ids.find((value) => value.startsWith('rel_'));
  if (relation) return { kind: 'relation', id: relation, label };
  const entity = ids.find((value) => value.startsWith('ent_'));
  if (entity) return { kind: 'entity', id: entity, label };
  const chunk = ids.find((value) => value.startsWith('chunk_'));
  if (chunk) return { kind: 'chunk', id: chunk, label };
  return { kind: 'relation', id: `row-${index + 1}`, label };
}
