import type { ReviewItem } from '../review/sample-review.js';

/** The card of one item: what was extracted, the evidence sentence, where it comes from. */
export function describeItem(item: ReviewItem, position: number, total: number): string {
  const head = item.kind === 'relation'
    ? `[${position}/${total}] relation ${item.type}: ${item.source.name} (${item.source.type}) → ${item.target.name} (${item.target.type})`
    : `[${position}/${total}] entity ${item.name} (${item.type})${item.aliases.length > 0 ? `, also ${item.aliases.join(', ')}` : ''}, ${item.mentions} mention(s)`;
  const confidence = item.confidence === null ? 'none given' : item.confidence.toFixed(2);
  return [head, `  evidence    "${item.evidence}"`, `  document    ${item.documentPath}`, `  confidence  ${confidence}`, `  id          ${item.id}`].join('\n');
}
