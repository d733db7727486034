import type { Chunk, ChunkExtraction, ExtractedEntity, ExtractedRelation, Language, TypeVote } from '../../core/records.js';
import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE, type GraphSchema } from '../../config/graph-schema.js';
import { splitSentences } from '../../chunking/sentences.js';
import { findCandidateMentions } from './find-mentions.js';
import { completedActValidity, endedBy, readSentenceValidity, saysFormer, type SentenceValidity } from '../../text/sentence-validity.js';
import { matchTypedRelations, type SentenceMention } from './match-relations.js';
import { pickType, tallyVotes, voteMentionType } from './type-mention.js';
import { findDescriptorPhrases } from './find-descriptors.js';
import { languagePack } from '../../text/lang/registry.js';
import { DESCRIPTOR_SEPARATOR } from '../../core/description-phrases.js';
import { findReferringMentions, referringNouns, type EarlierMention } from './refer-back.js';
import { matchRoleCompounds } from './role-compound.js';
import { findSuccessorReference } from './successor-reference.js';
import { matchRoleLine } from './role-line.js';
import { continuesSubject, openingSubject } from './continued-subject.js';

/** What the NLP extractor needs besides the chunk. */
export interface NlpExtractionContext {
  schema: GraphSchema;
  language: Language;
  /** The document's date, used as the time of relations whose sentence gives none. */
  documentDate: string | null;
  /** Words seen in lower case in the corpus (accent-free). */
  knownLowercase: ReadonlySet<string>;
  /** Words the corpus writes capitalised mid-sentence (lower case, accent-free). */
  knownNames?: ReadonlySet<string>;
  /** Words the corpus writes capitalised just before a type noun ("the Plover programme"), lower case, accent-free. */
  cueNamedWords?: ReadonlySet<string>;
  cooccurrence: boolean;
  maxEntitiesPerSentence: number;
}

/** Version of the NLP extractor's output; part of every extraction cache key. */
export const NLP_EXTRACTOR_VERSION = 'nlp-92';

/** True for code and table chunks: kept verbatim for search and quotation, never read as sentences. */
export function isVerbatimChunk(chunk: Pick<Chunk, 'kind'>): boolean {
  return chunk.kind === 'code' || chunk.kind === 'table';
}

/**
 * Extracts typed entities and relations from one chunk without any model (none from code and table chunks): candidate names
 * typed by the schema's cues, typed relations from edge phrases, and co-occurrence relations
 * between the entities of one sentence. Every relation carries its sentence as evidence.
 */
export function extractWithNlp(chunk: Chunk, context: NlpExtractionContext): ChunkExtraction {
  if (isVerbatimChunk(chunk)) return { chunkId: chunk.id, entities: [], relations: [] };
  const entities: ExtractedEntity[] = [];
  const relations: ExtractedRelation[] = [];
  let title: { text: string; names: string[]; mentions: SentenceMention[] } | null = null;
  const headFirst = languagePack(context.language).descriptors.headFirst;
  const sentences = splitSentences(chunk.text, context.language);
  const namesBySentence: string[][] = [];
  const mentionsBySentence: SentenceMention[][] = [];
  const earlier: EarlierMention[][] = [];
  const nouns = referringNouns(context.schema);
  const personTypes = new Set(context.schema.nodeTypes.filter((type) => type.cues.shapes.includes('person-name')).map((type) => type.name));
  for (const sentence of sentences) {
    const base = chunk.start + sentence.start;
    const candidates = findCandidateMentions(sentence.text, context.knownLowercase, { language: context.language, ...(context.knownNames ? { knownNames: context.knownNames } : {}), ...(context.cueNamedWords ? { cueNamedWords: context.cueNamedWords } : {}) });
    const described: EarlierMention[] = [];
    const mentions: SentenceMention[] = candidates.map((candidate) => {
      const phrases = candidate.isCode ? [] : findDescriptorPhrases(sentence.text, candidate, context.language);
      const descriptors = [...new Set(phrases.flat())];
      const votes = [...voteMentionType(candidate, sentence.text, context.schema, context.knownLowercase, context.language), ...descriptorVotes(descriptors, nouns)];
      const tally = tallyVotes(votes);
      const type = pickType(tally, context.schema);
      entities.push({
        name: candidate.surface,
        type,
        span: { start: base + candidate.start, end: base + candidate.end },
        confidence: tally[type] ?? 0,
        ...(phrases.length > 0 ? { description: phrases.map((phrase) => phrase.join(' ')).join(DESCRIPTOR_SEPARATOR) } : {}),
        ...(candidate.acronymOf ? { aliasOf: candidate.acronymOf } : {}),
        ...(votes.length > 0 ? { votes } : {}),
      });
      described.push({ name: candidate.surface, type, descriptors, weaklyTyped: (tally[type] ?? 0) < WEAK_TYPE_SCORE });
      return { name: candidate.surface, type, start: candidate.start, end: candidate.end };
    });
    for (const reference of findReferringMentions(sentence.text, mentions, earlier, nouns, context.language)) {
      // The phrase is a mention of the earlier entity and describes it ("the supplier"); a noun that stands for one type votes for it, weakly.
      const votedType = reference.nounTypes.length === 1 ? (reference.nounTypes[0] as string) : FALLBACK_NODE_TYPE;
      const votes: TypeVote[] = votedType === FALLBACK_NODE_TYPE ? [] : [{ type: votedType, cue: 'referring-noun', phrase: reference.noun, weight: REFERENCE_VOTE }];
      entities.push({ name: reference.name, type: votedType, span: { start: base + reference.start, end: base + reference.end }, confidence: REFERENCE_VOTE, description: reference.noun, ...(votes.length > 0 ? { votes } : {}) });
      mentions.push(reference);
      // The phrase keeps its entity in view: "the programme" two sentences on still means it.
      if (!described.some((mention) => mention.name === reference.name)) described.push({ name: reference.name, type: reference.type, descriptors: [reference.noun] });
    }
    const roleCompounds = matchRoleCompounds(sentence.text, mentions, earlier, nouns, context.schema, context.language);
    for (const compound of roleCompounds) {
      entities.push({ name: compound.subject.name, type: compound.subject.type, span: { start: base + compound.subject.start, end: base + compound.subject.end }, confidence: REFERENCE_VOTE, description: compound.subject.noun });
      mentions.push(compound.subject);
    }
    const predecessor = findSuccessorReference(sentence.text, mentions, earlier, personTypes, context.language);
    if (predecessor) {
      entities.push({ name: predecessor.name, type: predecessor.type, span: { start: base + predecessor.start, end: base + predecessor.end }, confidence: REFERENCE_VOTE });
      mentions.push(predecessor);
    }
    mentions.sort((left, right) => left.start - right.start);
    mentionsBySentence.push(mentions);
    earlier.push(described);
    const distinct = [...new Set(mentions.map((mention) => mention.name))];
    namesBySentence.push(distinct);
    // Relations name validFrom and validTo rather than spread the validity: the fields after a spread go to a separate backing store, tens of bytes more for each of millions of extracted relations.
    const validity = readSentenceValidity(sentence.text, context.documentDate, context.language);
    // A document's first line is its title even when a line such as its date follows it in the same sentence ("Contract award notice\n2022-11-22").
    const firstLine = sentence.text.split('\n')[0] as string;
    if (sentence === sentences[0] && chunk.index === 0 && isTitleLine(firstLine)) {
      const inTitle = mentions.filter((mention) => mention.start < firstLine.length);
      title = { text: firstLine, names: inTitle.map((mention) => mention.name), mentions: inTitle };
    } else if (title && title.names.length > 0) {
      const lineSpan = { start: chunk.start + sentence.start, end: chunk.start + sentence.start + sentence.text.length };
      const role = matchRoleLine(sentence.text, mentions, title.mentions, context.schema, headFirst, nouns);
      if (role) {
        const evidence = `${title.text.trim()} … ${sentence.text}`;
        relations.push({ type: role.type, source: role.holder.name, target: role.subject.name, evidence, span: lineSpan, validFrom: validity.validFrom, validTo: validity.validTo, basis: 'pattern', phrase: role.phrase, voice: 'active' });
      }
      if (context.cooccurrence) relations.push(...linkToTitle(title, mentions, sentence.text, lineSpan, validity, role ? pairKey(role.holder.name, role.subject.name) : null));
    } else if (distinct.length === 1 && context.cooccurrence) {
      relations.push(...linkToNeighbours(chunk, sentences, namesBySentence, distinct[0] as string, validity));
    }
    if (context.cooccurrence && distinct.length > 1 && mentions.length <= context.maxEntitiesPerSentence) {
      relations.push(...linkToContinuedSubject(chunk, sentences, mentionsBySentence, context.language, validity));
    }
    if (mentions.length < 2) continue;
    const evidence = sentence.text;
    const span = { start: base, end: base + sentence.text.length };
    const linked = new Set<string>();
    for (const compound of roleCompounds) {
      relations.push({ type: compound.type, source: compound.holder.name, target: compound.subject.name, evidence, span, validFrom: validity.validFrom, validTo: validity.validTo, basis: 'pattern', phrase: compound.phrase, voice: 'active' });
      linked.add(pairKey(compound.holder.name, compound.subject.name));
    }
    for (const match of matchTypedRelations(sentence.text, mentions, context.schema)) {
      const source = mentions[match.sourceIndex] as SentenceMention;
      const target = mentions[match.targetIndex] as SentenceMention;
      // "X, the former lead of Y": the relation's own words say it no longer holds, whatever else the sentence starts ("… joins the board").
      const stated = saysFormer(match.qualifiers, context.language) ? endedBy(validity, context.documentDate) : context.schema.edgeTypes.find((edge) => edge.name === match.type)?.completedAct === true ? completedActValidity(validity) : validity;
      relations.push({ type: match.type, source: source.name, target: target.name, evidence, span, validFrom: stated.validFrom, validTo: stated.validTo, basis: 'pattern', phrase: match.phrase, voice: match.voice });
      linked.add(pairKey(source.name, target.name));
    }
    if (!context.cooccurrence || mentions.length > context.maxEntitiesPerSentence) continue;
    const listOf = listMembership(sentence.text, mentions, context.language);
    for (let left = 0; left < mentions.length; left += 1) {
      for (let right = left + 1; right < mentions.length; right += 1) {
        const source = mentions[left] as SentenceMention;
        const target = mentions[right] as SentenceMention;
        const key = pairKey(source.name, target.name);
        if (source.name === target.name || linked.has(key)) continue;
        linked.add(key);
        const basis = listOf[left] !== undefined && listOf[left] === listOf[right] ? 'list' : 'sentence';
        relations.push({ type: COOCCURRENCE_EDGE_TYPE, source: source.name, target: target.name, evidence, span, validFrom: validity.validFrom, validTo: validity.validTo, basis });
      }
    }
  }
  return { chunkId: chunk.id, entities, relations };
}

/** A mention typed by less than this (a name's shape alone) may take the type a referring noun gives it ("the new contractor"). */
const WEAK_TYPE_SCORE = 1;
/** Weight of a descriptor that names a node type's cue noun ("Orvanis, société de recherche …"). */
const DESCRIPTOR_VOTE = 1;
/** Weight of the type a referring noun phrase stands for ("the company" → an organisation), below any cue on the name itself. */
const REFERENCE_VOTE = 0.5;

/** A vote for each node type whose cue nouns hold one of the mention's descriptor words. */
function descriptorVotes(descriptors: readonly string[], nouns: ReadonlyMap<string, ReadonlySet<string>>): TypeVote[] {
  return descriptors.flatMap((word) => [...(nouns.get(word) ?? [])].map((type): TypeVote => ({ type, cue: 'descriptor', phrase: word, weight: DESCRIPTOR_VOTE })));
}

const TITLE_MAX_WORDS = 20;

/** A document's first line without final punctuation is its title: it names what the text is about. */
function isTitleLine(text: string): boolean {
  return !/[.!?;:]["'”’)]*$/.test(text.trim()) && text.split(/\s+/).length <= TITLE_MAX_WORDS && !text.includes('\n');
}

/**
 * Links the entities of a sentence to the entities its document's title names: the title says
 * what the text is about, so "Programme manager: Ines Calloway." under the title "Seabright
 * highlight report" ties Ines Calloway to Seabright. The evidence holds both lines.
 */
function linkToTitle(title: { text: string; names: string[] }, mentions: SentenceMention[], sentence: string, span: { start: number; end: number }, validity: SentenceValidity, typedPair: string | null): ExtractedRelation[] {
  const present = new Set(mentions.map((mention) => mention.name));
  const evidence = `${title.text.trim()} … ${sentence}`;
  return title.names
    .filter((name) => !present.has(name))
    .flatMap((name) => mentions.filter((mention) => pairKey(name, mention.name) !== typedPair).map((mention) => ({ type: COOCCURRENCE_EDGE_TYPE, source: name, target: mention.name, evidence, span, validFrom: validity.validFrom, validTo: validity.validTo, basis: 'title' as const })));
}

const NEIGHBOUR_WINDOW = 2;

/**
 * The only name of a sentence, with no title to hang on, is linked (weakly) to the names of the
 * nearest sentence before it that has some, at most two sentences back: "Pellam Pumps … is
 * terminated. The three pumps are retained. Dunlow Hydraulics has been appointed…" ties the two
 * suppliers. The evidence is the text from that sentence to this one, verbatim.
 */
function linkToNeighbours(chunk: Chunk, sentences: ReturnType<typeof splitSentences>, namesBySentence: string[][], name: string, validity: SentenceValidity): ExtractedRelation[] {
  const current = namesBySentence.length - 1;
  for (let previous = current - 1; previous >= Math.max(0, current - NEIGHBOUR_WINDOW); previous -= 1) {
    const names = (namesBySentence[previous] ?? []).filter((other) => other !== name);
    if (names.length === 0) continue;
    return neighbourRelations(chunk, sentences[previous] as Sentence, sentences[current] as Sentence, names.map((other) => [other, name]), validity);
  }
  return [];
}

/**
 * A sentence that goes on about the one before it without naming it ("Velbrook has been awarded the
 * contract to supply the masts. The contract covers 24 Corvel units at Kestrel Road …") ties that
 * sentence's subject to each name it gives, weakly, with both sentences as evidence. A sentence
 * naming one name is linked by `linkToNeighbours` instead.
 */
function linkToContinuedSubject(chunk: Chunk, sentences: ReturnType<typeof splitSentences>, mentionsBySentence: SentenceMention[][], language: Language, validity: SentenceValidity): ExtractedRelation[] {
  const current = mentionsBySentence.length - 1;
  const to = sentences[current] as Sentence;
  const from = sentences[current - 1];
  if (!from || !continuesSubject(to.text, mentionsBySentence[current] ?? [], language)) return [];
  const subject = openingSubject(from.text, mentionsBySentence[current - 1] ?? [], language);
  if (!subject) return [];
  const names = [...new Set((mentionsBySentence[current] ?? []).map((mention) => mention.name))].filter((name) => name !== subject.name);
  return neighbourRelations(chunk, from, to, names.map((name) => [subject.name, name]), validity);
}

type Sentence = ReturnType<typeof splitSentences>[number];

/** Weak co-occurrence relations between names of two sentences of a chunk, each with the text from the first to the second as evidence. */
function neighbourRelations(chunk: Chunk, from: Sentence, to: Sentence, pairs: Array<[string, string]>, validity: SentenceValidity): ExtractedRelation[] {
  const evidence = chunk.text.slice(from.start, to.start + to.text.length);
  const span = { start: chunk.start + from.start, end: chunk.start + to.start + to.text.length };
  return pairs.map(([source, target]) => ({ type: COOCCURRENCE_EDGE_TYPE, source, target, evidence, span, validFrom: validity.validFrom, validTo: validity.validTo, basis: 'neighbour' as const }));
}

function pairKey(left: string, right: string): string {
  return left < right ? `${left}\u0000${right}` : `${right}\u0000${left}`;
}

/** At most this many words between two items of a list besides its separator ("the Velbrook vessel traffic programme, the Corvel …"). */
const LIST_ITEM_WORDS = 4;
/** A list has at least this many names. */
const LIST_MIN_ITEMS = 3;

/**
 * Which list of names each mention belongs to (undefined when none): runs of three or more
 * mentions, each next one after a comma or a coordination word ("and", "et") and at most a few
 * words, with no other punctuation between ("A, B and C"; "the A programme, the B system and the C
 * renewal"). Two items of one list are named together, not said to be related.
 */
function listMembership(sentence: string, mentions: readonly SentenceMention[], language: Language): Array<number | undefined> {
  const coordination = languagePack(language).coordinationWords;
  const joined = (left: SentenceMention, right: SentenceMention) => {
    const gap = sentence.slice(left.end, right.start);
    if (/[.;:()!?«»"“”]/u.test(gap)) return false;
    const words = gap.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? [];
    const separated = gap.includes(',') || words.some((word) => coordination.has(word));
    return separated && words.filter((word) => !coordination.has(word)).length <= LIST_ITEM_WORDS;
  };
  const membership: Array<number | undefined> = mentions.map(() => undefined);
  let start = 0;
  for (let index = 1; index <= mentions.length; index += 1) {
    if (index < mentions.length && joined(mentions[index - 1] as SentenceMention, mentions[index] as SentenceMention)) continue;
    if (index - start >= LIST_MIN_ITEMS) for (let member = start; member < index; member += 1) membership[member] = start;
    start = index;
  }
  return membership;
}
