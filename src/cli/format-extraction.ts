import type { TypeVote } from '../core/records.js';
import type { ExplainedRelation } from '../extraction/report/explain-document.js';
import type { CueUse, SchemaUsage } from '../extraction/report/summarise-schema-usage.js';

/** A cue in words: its kind and the phrase that fired it (`before "CEO"`, `person-name`). */
export function describeCue(cue: Pick<CueUse, 'cue' | 'phrase'>): string {
  return cue.phrase === undefined ? cue.cue : `${cue.cue} "${cue.phrase}"`;
}

/** A mention's votes in words, per type: `Person 2.5 (before "CEO" +2, person-name +0.5)`. */
export function describeVotes(votes: readonly TypeVote[]): string {
  const byType = new Map<string, TypeVote[]>();
  for (const vote of votes) byType.set(vote.type, [...(byType.get(vote.type) ?? []), vote]);
  return [...byType.entries()]
    .map(([type, cast]) => `${type} ${round(cast.reduce((sum, vote) => sum + vote.weight, 0))} (${cast.map((vote) => `${describeCue(vote)} +${round(vote.weight)}`).join(', ')})`)
    .join('; ');
}

/** Why a relation was extracted, in words. */
export function describeRelationBasis(relation: ExplainedRelation): string {
  switch (relation.basis) {
    case 'pattern':
      return `phrase "${relation.phrase ?? '?'}"${relation.voice === 'passive' ? ' (passive)' : ''}`;
    case 'sentence':
      return 'co-occurrence: both named in this sentence, no edge phrase between them';
    case 'list':
      return 'list: two items of one list of names in this sentence ("A, B and C"), no edge phrase between them';
    case 'title':
      return "title: named under the document's title";
    case 'neighbour':
      return 'neighbour: the only name of its sentence, linked to the names just before';
    default:
      return 'given by the model';
  }
}

/** `stats --schema` as text lines: types with counts, cues and phrases, then the unlinked typed pairs. */
export function formatSchemaUsage(usage: SchemaUsage, limits = { cues: 8, pairs: 10 }): string[] {
  const lines = ['Node types (entities, mentions; cues that voted: fired/won)'];
  for (const node of usage.nodeTypes) {
    lines.push(`  ${node.name}  ${node.entities} entities, ${node.mentions} mentions`);
    const cues = node.cues.slice(0, limits.cues).map((cue) => `${describeCue(cue)} ${cue.fired}/${cue.won}`);
    if (cues.length > 0) lines.push(`    ${cues.join(', ')}${node.cues.length > limits.cues ? `, … ${node.cues.length - limits.cues} more` : ''}`);
  }
  lines.push('Edge types (relations, extracted; phrases that stated them)');
  for (const edge of usage.edgeTypes) {
    lines.push(`  ${edge.name}  ${edge.relations} relations, ${edge.extracted} extracted`);
    if (edge.phrases.length > 0) lines.push(`    ${edge.phrases.map((phrase) => `"${phrase.phrase}"${phrase.voice === 'passive' ? ' (passive)' : ''} ${phrase.count}`).join(', ')}`);
  }
  lines.push('Typed pairs met in one sentence without an edge phrase (candidates for a new pattern)');
  if (usage.unlinkedPairs.length === 0) lines.push('  none');
  for (const pair of usage.unlinkedPairs.slice(0, limits.pairs)) {
    lines.push(`  ${pair.sourceType} – ${pair.targetType}  ${pair.count}`);
    for (const sample of pair.samples) lines.push(`    ${sample.source} / ${sample.target}: ${oneLine(sample.sentence)}`);
  }
  if (usage.chunksWithoutProvenance > 0) lines.push(`${usage.chunksWithoutProvenance} chunks were extracted without cues or phrases recorded (a model, or an older extractor: re-index to see them)`);
  return lines;
}

/** Text on one line, whitespace runs collapsed. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
