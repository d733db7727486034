import type { Citation } from '../../core/records.js';
import type { CitableEvidence } from './collect-evidence.js';

/** An answer whose markers point into `citations`, and the ids the model made up. */
export interface MappedAnswer {
  text: string;
  citations: Citation[];
  unknownIds: string[];
}

const MARKER = /\s*\[([A-Za-z]\d+(?:\s*[,;]\s*[A-Za-z]\d+)*)\]/g;

/**
 * Rewrites the model's evidence ids ("[C2, R1]") as citation numbers ("[1, 2]"; an id that stands
 * for several citations gets a number for each) and builds the citation list in order of first
 * use, then the documents of cited chunks and relations. Ids not given in the prompt are dropped
 * (and reported), as are markers left empty.
 */
export function mapCitations(answer: string, evidence: CitableEvidence[]): MappedAnswer {
  const byId = new Map(evidence.map((item) => [item.id.toUpperCase(), item]));
  const citations: Citation[] = [];
  const numberOf = new Map<string, number>();
  const unknownIds: string[] = [];
  const documents: Citation[] = [];
  const citationKey = (citation: Citation) => `${citation.kind}:${citation.id}:${citation.span?.start ?? ''}`;
  const text = answer.replace(MARKER, (_marker, ids: string) => {
    const numbers: number[] = [];
    for (const raw of ids.split(/\s*[,;]\s*/)) {
      const item = byId.get(raw.toUpperCase());
      if (!item) {
        unknownIds.push(raw);
        continue;
      }
      for (const citation of [item.citation, ...(item.moreCitations ?? [])]) {
        const key = citationKey(citation);
        if (!numberOf.has(key)) {
          citations.push(citation);
          numberOf.set(key, citations.length);
        }
        const number = numberOf.get(key) as number;
        if (!numbers.includes(number)) numbers.push(number);
      }
      if (item.document) documents.push(item.document);
    }
    return numbers.length > 0 ? ` [${numbers.join(', ')}]` : '';
  });
  for (const document of documents) {
    const key = citationKey(document);
    if (numberOf.has(key)) continue;
    citations.push(document);
    numberOf.set(key, citations.length);
  }
  return { text: text.replace(/\s+([.,;!?])/g, '$1').trim(), citations, unknownIds };
}
