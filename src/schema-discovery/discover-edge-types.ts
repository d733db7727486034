import { splitSentences } from '../chunking/sentences.js';
import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE, type EdgeTypeDefinition } from '../config/graph-schema.js';
import type { ChunkExtraction, ExtractedEntity, Language } from '../core/records.js';
import { plainWords, type PlainWord } from '../extraction/nlp/find-descriptors.js';
import { gapStates, gapWords } from '../extraction/nlp/match-relations.js';
import { isStopWord } from '../text/words.js';
import { languagePack } from '../text/lang/registry.js';
import type { CorpusChunk } from './read-corpus.js';
import { addExample, byCount, countUp, typeIdentifier, type Tally } from './tally.js';

/** A verb phrase found between typed names, with both of its voices and the types it joined. */
export interface EdgePhrase {
  language: Language;
  /** Active phrases ("supplies", "dirige") and passive ones ("supplied by", "fourni par"), lower case as written. */
  active: Tally;
  passive: Tally;
  /** Source and target types, read in the active direction (the agent of a passive phrase is the source). */
  sources: Tally;
  targets: Tally;
  /** Distinct source → target name pairs. */
  pairs: Set<string>;
  sentences: number;
  examples: string[];
}

/**
 * A proposed edge type: its name, the definition to declare, and what it was read from. `extends` names
 * the declared type whose phrase this is, when the phrase was already declared but joined other types:
 * the definition is then that type with the types the phrase joined added.
 */
export interface EdgeTypeProposal {
  definition: EdgeTypeDefinition;
  phrase: EdgePhrase;
  extends?: string;
}

/** Edge types proposed at most, the most frequent phrases first (a phrase seen once only fills places no repeated phrase takes). */
const MAX_EDGE_TYPES = 10;
/** Content words between two names beyond which no phrase is read. */
const MAX_GAP_WORDS = 6;

interface PlacedMention {
  name: string;
  type: string;
  start: number;
  end: number;
}

/**
 * The phrases written between the names of each sentence, one of them typed at least ("Vantel repairs
 * the tug Ostrin"), as `readPhrase` reads them; a phrase ending in an agent word of the language pack
 * ("by", "par") is passive. Phrases are grouped by language and the stem of their first word, so
 * "supplies" and "supplied by" meet. Pairs the extraction already linked by a typed relation are not counted.
 */
export function collectEdgePhrases(chunks: readonly CorpusChunk[], extractions: readonly ChunkExtraction[]): EdgePhrase[] {
  const phrases = new Map<string, EdgePhrase>();
  chunks.forEach(({ chunk, language }, index) => {
    const extraction = extractions[index];
    if (extraction === undefined) return;
    const typed = new Set(extraction.relations.filter((relation) => relation.type !== COOCCURRENCE_EDGE_TYPE).flatMap((relation) => [pairKey(relation.source, relation.target), pairKey(relation.target, relation.source)]));
    const mentions = placedMentions(extraction.entities, chunk.start, chunk.text);
    for (const sentence of splitSentences(chunk.text, language)) {
      const inside = mentions.filter((mention) => mention.start >= sentence.start && mention.end <= sentence.end);
      for (const [first, second, gap] of namePairs(inside, chunk.text)) {
        const found = readPhrase(gap, language);
        if (found === null) continue;
        const [source, target] = found.voice === 'active' ? [first, second] : [second, first];
        if (typed.has(pairKey(source.name, target.name))) continue;
        const key = `${language}:${languagePack(language).stem(found.lead)}`;
        const phrase = phrases.get(key) ?? { language, active: new Map(), passive: new Map(), sources: new Map(), targets: new Map(), pairs: new Set(), sentences: 0, examples: [] };
        phrases.set(key, phrase);
        countUp(found.voice === 'active' ? phrase.active : phrase.passive, found.phrase);
        countUp(phrase.sources, source.type);
        countUp(phrase.targets, target.type);
        phrase.pairs.add(pairKey(source.name, target.name));
        phrase.sentences += 1;
        addExample(phrase.examples, sentence.text);
      }
    }
  });
  return [...phrases.values()].sort((left, right) => right.sentences - left.sentences || right.pairs.size - left.pairs.size);
}

/**
 * Every ordered pair of a sentence's mentions with at least one typed end (as the engine reads typed
 * relations), with the text between them; names in between are masked as the engine masks them, so
 * "X supplies Y and Z" also pairs X with Z.
 */
function* namePairs(inside: readonly PlacedMention[], text: string): Generator<[PlacedMention, PlacedMention, string]> {
  for (let left = 0; left < inside.length; left += 1) {
    for (let right = left + 1; right < inside.length; right += 1) {
      const first = inside[left] as PlacedMention;
      const second = inside[right] as PlacedMention;
      if ((first.type === FALLBACK_NODE_TYPE && second.type === FALLBACK_NODE_TYPE) || first.name === second.name) continue;
      let gap = text.slice(first.end, second.start);
      for (const inner of inside.slice(left + 1, right)) gap = gap.replace(text.slice(inner.start, inner.end), ' \u0001 ');
      yield [first, second, gap];
    }
  }
}

function pairKey(source: string, target: string): string {
  return `${source}\u0000${target}`;
}

/**
 * Edge types for the most frequent phrases (at most ten), named after their most frequent phrase whose
 * name is free (a phrase "server" beside a node type Server is named after its next form, "server to");
 * `phrases` come sorted by frequency. A phrase a declared type already states ("uses" of USES) extends
 * that type with the source and target types it joined instead of making a second one.
 */
export function proposeEdgeTypes(phrases: readonly EdgePhrase[], taken: ReadonlySet<string>, declared: readonly EdgeTypeDefinition[] = []): EdgeTypeProposal[] {
  const names = new Set(taken);
  const proposals: EdgeTypeProposal[] = [];
  for (const phrase of phrases) {
    const patterns = byCount(phrase.active);
    const passivePatterns = byCount(phrase.passive);
    const owner = declared.find((edge) => (patterns[0] !== undefined && edge.patterns.includes(patterns[0])) || (patterns[0] === undefined && passivePatterns[0] !== undefined && edge.passivePatterns.includes(passivePatterns[0])));
    if (owner) {
      const earlier = proposals.find((proposal) => proposal.extends === owner.name);
      const base = earlier?.definition ?? owner;
      const definition = { ...base, source: union(base.source, byCount(phrase.sources)), target: union(base.target, byCount(phrase.targets)) };
      if (earlier) earlier.definition = definition;
      else proposals.push({ definition, phrase, extends: owner.name });
      continue;
    }
    if (proposals.filter((proposal) => proposal.extends === undefined).length >= MAX_EDGE_TYPES) continue;
    const labels = [...patterns, ...passivePatterns.map((pattern) => pattern.split(' ')[0] ?? '')];
    const free = labels.map((label) => typeIdentifier(label, 'upper', new Set())).find((candidate) => candidate !== null && ![...names].some((name) => name.toLowerCase() === candidate.toLowerCase()));
    const name = free ?? typeIdentifier(labels[0] ?? '', 'upper', names);
    if (name === null || name === undefined) continue;
    names.add(name);
    const definition: EdgeTypeDefinition = {
      name,
      description: `Stated as "${patterns[0] ?? passivePatterns[0]}" between the names.`,
      source: byCount(phrase.sources),
      target: byCount(phrase.targets),
      properties: [],
      patterns,
      passivePatterns,
      singleCurrent: false,
    };
    proposals.push({ definition, phrase });
  }
  return proposals;
}

function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
}

/** The entities of a chunk that name themselves at their span (referring phrases left out), by position, without overlaps; offsets relative to the chunk. */
function placedMentions(entities: readonly ExtractedEntity[], chunkStart: number, text: string): PlacedMention[] {
  const placed = entities
    .map((entity) => ({ name: entity.name, type: entity.type, start: entity.span.start - chunkStart, end: entity.span.end - chunkStart }))
    .filter((mention) => text.slice(mention.start, mention.end) === mention.name)
    .sort((left, right) => left.start - right.start || right.end - left.end);
  return placed.filter((mention, index) => index === 0 || mention.start >= (placed[index - 1] as PlacedMention).end);
}

interface GapPhrase {
  lead: string;
  phrase: string;
  voice: 'active' | 'passive';
}

/**
 * The phrase a gap between two names states when it reads as a verb phrase after its subject: the first
 * content word, after function words only (auxiliaries, negation: "has signed", "a audité"), lower case,
 * without digits, not after a comma unless a relative pronoun follows it ("X, which supplies Y") or a
 * linking word ties it to the next name ("X, director of Y"), with the function word after it when
 * there is one ("based in"),
 * kept when the engine would find it in the gap. Null when the gap states none.
 */
function readPhrase(gap: string, language: Language): GapPhrase | null {
  const pack = languagePack(language);
  const skipped = (word: PlainWord) => pack.relationFillerWords.has(word.plain) || pack.coordinationWords.has(word.plain);
  const words = plainWords(gap).filter((word) => !pack.relationFillerWords.has(word.plain));
  if (words.length > MAX_GAP_WORDS || /[;:()[\]]/u.test(gap)) return null;
  const at = words.findIndex((word) => !isStopWord(word.plain));
  const lead = words[at];
  if (lead === undefined || words.slice(0, at).some(skipped)) return null;
  if (!/^\p{Ll}/u.test(lead.text) || /\d/u.test(lead.text) || lead.plain.length < 3 || skipped(lead)) return null;
  const beforeLead = gap.slice(0, lead.start);
  const comma = beforeLead.lastIndexOf(',');
  const linking = new Set(pack.descriptors.linkingWords.map((word) => word.replace(/['’]$/u, '')));
  // After a comma, a relative pronoun starts a verb phrase ("X, which supplies Y"); a noun tied to the next name states a role ("X, director of Y").
  const relative = plainWords(beforeLead.slice(Math.max(comma, 0))).some((word) => pack.relativePronouns.all.includes(word.plain));
  const role = words.slice(at + 1).some((word) => linking.has(word.plain));
  if (comma >= 0 && !relative && !role) return null;
  const next = words[at + 1];
  const joined = next !== undefined && isStopWord(next.plain) && !skipped(next) && !pack.articles.has(next.plain);
  const phrase = (joined ? [lead, next] : [lead]).map((word) => word.text.toLowerCase()).join(' ');
  if (!gapStates(gapWords(gap), gapWords(phrase))) return null;
  return { lead: lead.plain, phrase, voice: joined && pack.relationAgentWords.has(next.plain) ? 'passive' : 'active' };
}
