import { stripAccents } from '../core/normalise.js';
import { FALLBACK_NODE_TYPE, type GraphSchema } from '../config/graph-schema.js';
import type { ChunkExtraction, Language } from '../core/records.js';
import { splitSentences } from '../chunking/sentences.js';
import { plainWords, type PlainWord } from '../extraction/nlp/find-descriptors.js';
import { isStopWord } from '../text/words.js';
import { languagePack } from '../text/lang/registry.js';
import type { CorpusChunk } from './read-corpus.js';
import { addExample, countUp, mostFrequent, sentenceAt, total, typeIdentifier, type Tally } from './tally.js';

/** A descriptor noun of the corpus ("plugin", "cabinet"): the names it describes and where it stands. */
export interface DescriptorNoun {
  language: Language;
  /** Written forms (lower case) and how often each described a name. */
  forms: Tally;
  /** Described names and their mentions. */
  names: Tally;
  /** The type each described mention got from the schema the corpus was first read with. */
  typesGiven: Tally;
  /** Mentions with the noun before the name ("the firm X") and after it ("X, a charity", "the X project"). */
  before: number;
  after: number;
  examples: string[];
}

/** A proposed node type, or cue words proposed for a type the schema has (`joins`). */
export interface NodeTypeProposal {
  name: string;
  /** The declared type the noun's names already had; absent for a new type. */
  joins?: string;
  noun: DescriptorNoun;
  cues: { before: string[]; after: string[] };
}

/**
 * The noun that says what the name at `start`–`end` is, as written near it: the head of the descriptor
 * the extractor read (its place is the language pack's: "the analytics firm X", "X, hébergeur certifié"),
 * or, where heads come last, a noun right after a name that follows an article ("the Ostrin plant").
 * Null when the text gives none it writes (a title's noun, "Dr" → "doctor", is not written).
 */
function describingNoun(text: string, start: number, end: number, description: string | undefined, language: Language): PlainWord | null {
  const pack = languagePack(language);
  const from = Math.max(0, start - WINDOW);
  // A word glued to a sign is no noun of the prose ("https://…", "done: () => void").
  const near = plainWords(text.slice(from, end + WINDOW), from).filter((word) => (word.end <= start || word.start >= end) && /^(?:[\s,.;!?]|$)/u.test(text.slice(word.end, word.end + 1)));
  const words = (description ?? '').split(' ').filter((word) => word !== '');
  const head = pack.descriptors.headFirst ? words[0] : words[words.length - 1];
  if (head !== undefined) return near.find((word) => word.plain === head) ?? null;
  if (pack.descriptors.headFirst) return null;
  const before = near.filter((word) => word.end <= start).pop();
  const after = near.find((word) => word.start >= end);
  if (before === undefined || after === undefined || !pack.descriptors.articles.has(before.plain)) return null;
  if (text.slice(before.end, start).trim() !== '' || text.slice(end, after.start).trim() !== '') return null;
  // "a Promise-based API provided by …": a participle before the pack's agent word is a verb, not a noun.
  const agent = near.find((word) => word.start >= after.end);
  const isNoun = /^\p{Ll}[\p{Ll}-]{2,}$/u.test(after.text) && !isStopWord(after.plain) && !(agent !== undefined && pack.relationAgentWords.has(agent.plain));
  return isNoun ? after : null;
}

/** How many distinct names a noun must describe to be proposed. */
const MIN_NAMES = 2;
/** New node types proposed at most, the most frequent nouns first. */
const MAX_NEW_TYPES = 6;
/** Characters around a mention searched for its descriptor noun as written. */
const WINDOW = 80;

/**
 * The descriptor nouns of a corpus read from its extractions: for each mention the extractor gave
 * descriptor words ("the analytics firm X", "X, hébergeur certifié"), the head noun (its place is the
 * language pack's) as written near the name, grouped by language and stem so plurals meet.
 */
export function collectDescriptorNouns(chunks: readonly CorpusChunk[], extractions: readonly ChunkExtraction[]): DescriptorNoun[] {
  const nouns = new Map<string, DescriptorNoun>();
  chunks.forEach(({ chunk, language }, index) => {
    const pack = languagePack(language);
    const sentences = splitSentences(chunk.text, language);
    for (const entity of extractions[index]?.entities ?? []) {
      const start = entity.span.start - chunk.start;
      const end = entity.span.end - chunk.start;
      // Referring phrases ("the company") are mentions of another name: their descriptor is that name's.
      if (chunk.text.slice(start, end) !== entity.name) continue;
      const written = describingNoun(chunk.text, start, end, entity.description, language);
      if (written === null) continue;
      const key = `${language}:${pack.stem(written.plain)}`;
      const noun = nouns.get(key) ?? { language, forms: new Map(), names: new Map(), typesGiven: new Map(), before: 0, after: 0, examples: [] };
      nouns.set(key, noun);
      countUp(noun.forms, written.text.toLowerCase());
      countUp(noun.names, entity.name);
      countUp(noun.typesGiven, entity.type);
      if (written.end <= start) noun.before += 1;
      else noun.after += 1;
      addExample(noun.examples, sentenceAt(sentences, start));
    }
  });
  return [...nouns.values()].sort((left, right) => right.names.size - left.names.size || total(right.names) - total(left.names));
}

/**
 * Node types proposed from the descriptor nouns: a noun whose names the schema already types mostly as
 * one declared type adds its forms to that type's cues; a noun whose names it mostly leaves as Concept
 * becomes a type of its own (at most six). Nouns that are cues already, or that describe fewer than two
 * names, are left out.
 */
export function proposeNodeTypes(nouns: readonly DescriptorNoun[], schema: GraphSchema, reserved: ReadonlySet<string>): NodeTypeProposal[] {
  const cueWords = new Set(schema.nodeTypes.flatMap((type) => [...type.cues.before, ...type.cues.after, ...type.cues.suffixes]).map(plain));
  const taken = new Set([...reserved, ...schema.nodeTypes.map((type) => type.name)]);
  const proposals: NodeTypeProposal[] = [];
  let newTypes = 0;
  for (const noun of nouns) {
    if (noun.names.size < MIN_NAMES) continue;
    const forms = [...noun.forms.keys()].filter((form) => !cueWords.has(plain(form)));
    if (forms.length === 0) continue;
    const cues = { before: noun.before > 0 ? forms : [], after: noun.after > 0 ? forms : [] };
    const [given, givenCount] = mostFrequent(noun.typesGiven);
    if (given !== FALLBACK_NODE_TYPE && givenCount * 2 > total(noun.typesGiven)) {
      proposals.push({ name: given, joins: given, noun, cues });
      continue;
    }
    if (newTypes >= MAX_NEW_TYPES) continue;
    const name = typeIdentifier([...noun.forms.keys()].sort((left, right) => left.length - right.length)[0] ?? '', 'pascal', taken);
    if (name === null) continue;
    taken.add(name);
    newTypes += 1;
    proposals.push({ name, noun, cues });
  }
  return proposals;
}

/** The schema with the proposals applied: cue words added to declared types, new types before Concept. */
export function applyNodeTypes(schema: GraphSchema, proposals: readonly NodeTypeProposal[]): GraphSchema {
  const nodeTypes = schema.nodeTypes.map((type) => {
    const added = proposals.filter((proposal) => proposal.joins === type.name);
    if (added.length === 0) return type;
    const before = [...type.cues.before, ...added.flatMap((proposal) => proposal.cues.before)];
    const after = [...type.cues.after, ...added.flatMap((proposal) => proposal.cues.after)];
    return { ...type, cues: { ...type.cues, before: [...new Set(before)], after: [...new Set(after)] } };
  });
  const created = proposals
    .filter((proposal) => proposal.joins === undefined)
    .map((proposal) => ({
      name: proposal.name,
      description: `Names the documents describe as "${mostFrequent(proposal.noun.forms)[0]}".`,
      properties: [],
      key: 'name' as const,
      cues: { suffixes: [], before: proposal.cues.before, after: proposal.cues.after, shapes: [] },
    }));
  const fallbackAt = nodeTypes.findIndex((type) => type.name === FALLBACK_NODE_TYPE);
  const at = fallbackAt < 0 ? nodeTypes.length : fallbackAt;
  return { ...schema, nodeTypes: [...nodeTypes.slice(0, at), ...created, ...nodeTypes.slice(at)] };
}

function plain(word: string): string {
  return stripAccents(word).toLowerCase();
}

