import type { EdgeTypeDefinition, NodeTypeDefinition } from '../config/graph-schema.js';
import type { EdgeTypeProposal } from './discover-edge-types.js';
import type { NodeTypeProposal } from './discover-node-types.js';
import type { SchemaProposal } from './propose-schema.js';
import { byCount, total, type Tally } from './tally.js';

const INDENT = '      ';
const LINE_WIDTH = 110;

/**
 * The proposal as a commented `rhizome.config.ts`: every type with what it was read from (counts,
 * names, example sentences), valid as is, written for the user to edit.
 */
export function renderProposalConfig(proposal: SchemaProposal, folder: string): string {
  const lines = [
    `// Rhizome configuration proposed by \`rhizome init --from ${folder}\`: offline schema discovery, no model.`,
    `// Read from ${proposal.documents} documents (${proposal.chunks} prose chunks) through the indexer's ingest and offline extraction.`,
    '// Node types come from the nouns the documents use to describe names ("the firm X", "X, a charity", "le cabinet X");',
    '// edge types from the phrases written between typed names ("X supplies Y", "Y is supplied by X"), most frequent first.',
    '// Edit it: rename types, merge or drop proposals, add cue words and phrases. Then:',
    `//   rhizome index ${folder}    index with this schema`,
    '//   rhizome stats --schema     which cues and phrases fired, and typed pairs no phrase linked yet',
    "import type { RhizomeConfigInput } from 'rhizome-rag';",
    '',
    'const config: RhizomeConfigInput = {',
    "  workspace: '.rhizome',",
    '  schema: {',
    '    nodeTypes: [',
    ...proposal.schema.nodeTypes.flatMap((type) => [...nodeComment(type, proposal), ...renderNodeType(type)]),
    '    ],',
    '    edgeTypes: [',
    ...proposal.schema.edgeTypes.flatMap((edge) => [...edgeComment(edge, proposal), ...renderEdgeType(edge)]),
    '    ],',
    '  },',
    '};',
    '',
    'export default config;',
    '',
  ];
  if (proposal.droppedNodeTypes.length + proposal.droppedEdgeTypes.length > 0) {
    const dropped = [...proposal.droppedNodeTypes, ...proposal.droppedEdgeTypes].join(', ');
    lines.splice(7, 0, `// Built-in types these documents gave nothing to, left out: ${dropped}.`);
  }
  return lines.join('\n');
}

function nodeComment(type: NodeTypeDefinition, proposal: SchemaProposal): string[] {
  const mentions = proposal.mentionsByType.get(type.name) ?? 0;
  const found = proposal.nodeTypes.filter((candidate) => candidate.name === type.name);
  const lines = found.length === 0 ? [`// ${type.name}: built in, ${mentions} mentions in these documents.`] : found.flatMap((candidate) => describeNoun(candidate, mentions));
  return lines.map((line) => `${INDENT}${line}`);
}

function describeNoun(candidate: NodeTypeProposal, mentions: number): string[] {
  const { noun } = candidate;
  const forms = byCount(noun.forms).map((form) => JSON.stringify(form)).join(' / ');
  const names = byCount(noun.names).slice(0, 4).join(', ');
  const head = candidate.joins === undefined
    ? `// ${candidate.name}: new, from ${forms}, which describes ${noun.names.size} names (${total(noun.names)} times), e.g. ${names}; ${mentions} mentions typed so.`
    : `// ${candidate.name}: built in; ${forms} added to its cues, as the ${noun.names.size} names it describes (e.g. ${names}) were mostly ${candidate.joins} already.`;
  return [head, ...noun.examples.map((example) => `//   e.g. ${example}`)];
}

function edgeComment(edge: EdgeTypeDefinition, proposal: SchemaProposal): string[] {
  const found = proposal.edgeTypes.find((candidate) => candidate.definition.name === edge.name);
  const stated = proposal.relationsByType.get(edge.name) ?? 0;
  const lines = found === undefined ? [`// ${edge.name}: built in, stated ${plural(stated, 'relation')} in these documents.`] : describePhrase(found, stated);
  return lines.map((line) => `${INDENT}${line}`);
}

function describePhrase({ definition, phrase, extends: owner }: EdgeTypeProposal, stated: number): string[] {
  const counts = (tally: Tally) => byCount(tally).map((form) => `${JSON.stringify(form)} ${tally.get(form) ?? 0}`);
  const said = [...counts(phrase.active), ...counts(phrase.passive)].join(', ');
  const once = phrase.sentences === 1 ? ' Seen once: check it.' : '';
  if (owner !== undefined) {
    return [
      `// ${definition.name}: built in, stated ${plural(stated, 'relation')} in these documents; its phrase was also written between ${byCount(phrase.sources).join('/')} → ${byCount(phrase.targets).join('/')} (${said}, ${plural(phrase.sentences, 'sentence')}): those types are added.${once}`,
      ...phrase.examples.map((example) => `//   e.g. ${example}`),
    ];
  }
  return [
    `// ${definition.name}: new, ${said} (${plural(phrase.sentences, 'sentence')}, ${plural(phrase.pairs.size, 'pair')}), ${definition.source.join('/')} → ${definition.target.join('/')}.${once}`,
    ...phrase.examples.map((example) => `//   e.g. ${example}`),
  ];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function renderNodeType(type: NodeTypeDefinition): string[] {
  const fields = [
    `name: ${JSON.stringify(type.name)},`,
    ...(type.description === '' ? [] : [`description: ${JSON.stringify(type.description)},`]),
    ...(type.properties.length === 0 ? [] : [`properties: [${type.properties.map((property) => `{ name: ${JSON.stringify(property.name)}, type: ${JSON.stringify(property.type)} }`).join(', ')}],`]),
  ];
  const cues = (['suffixes', 'before', 'after', 'shapes'] as const).filter((key) => type.cues[key].length > 0);
  const cueLines = cues.length === 0 ? [] : ['cues: {', ...cues.flatMap((key) => wrapList(`  ${key}: `, type.cues[key])), '},'];
  return block([...fields, ...cueLines]);
}

function renderEdgeType(edge: EdgeTypeDefinition): string[] {
  const fields = [
    `name: ${JSON.stringify(edge.name)},`,
    ...(edge.description === '' ? [] : [`description: ${JSON.stringify(edge.description)},`]),
    ...wrapList('source: ', edge.source),
    ...wrapList('target: ', edge.target),
    ...(edge.properties.length === 0 ? [] : [`properties: [${edge.properties.map((property) => `{ name: ${JSON.stringify(property.name)}, type: ${JSON.stringify(property.type)} }`).join(', ')}],`]),
    ...(edge.patterns.length === 0 ? [] : wrapList('patterns: ', edge.patterns)),
    ...(edge.passivePatterns.length === 0 ? [] : wrapList('passivePatterns: ', edge.passivePatterns)),
    ...(edge.singleCurrent ? ['singleCurrent: true,'] : []),
  ];
  return block(fields);
}

function block(fields: string[]): string[] {
  return [`${INDENT}{`, ...fields.map((field) => `${INDENT}  ${field}`), `${INDENT}},`];
}

/** `label[...]` on one line when it fits, else one line per few items. */
function wrapList(label: string, items: readonly string[]): string[] {
  const quoted = items.map((item) => JSON.stringify(item));
  const single = `${label}[${quoted.join(', ')}],`;
  if (single.length + INDENT.length + 2 <= LINE_WIDTH) return [single];
  const lines: string[] = [`${label}[`];
  let line = '';
  for (const item of quoted) {
    if (line !== '' && line.length + item.length + INDENT.length + 8 > LINE_WIDTH) {
      lines.push(`  ${line.trimEnd()}`);
      line = '';
    }
    line += `${item}, `;
  }
  if (line !== '') lines.push(`  ${line.trimEnd()}`);
  lines.push('],');
  return lines.map((text, index) => (index === 0 ? text : `${' '.repeat(label.length - label.trimStart().length)}${text}`));
}
