import { normaliseName, stripAccents } from '../core/normalise.js';
import { innermostHeading, type Citation, type Entity, type Language } from '../core/records.js';
import { DEFAULT_RANKING_PROFILE, type RankingProfile } from '../config/ranking-profile.js';
import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE } from '../config/graph-schema.js';
import type { ChunkSource, RetrievalContext } from '../core/retrieval-context.js';
import type { Answer } from './answer.js';
import type { QuestionAnalysis } from '../core/question-analysis.js';
import { contentStems } from '../text/content-stems.js';
import { findDates } from '../text/find-dates.js';
import { describedAs, readEntityNouns } from '../text/described-as.js';
import { acrossLanguages, languagePack } from '../text/lang/registry.js';
import { wordAlternation } from '../text/lang/word-lists.js';
import { citeChunk } from './cite-chunk.js';
import { passagePieces } from './passage-pieces.js';
import { formatPath } from './format-path.js';
import { cropSentence } from './crop-sentence.js';
import { reduceCommunities } from './extractive-global.js';

/** Limits of the extractive answer. */
export interface ExtractiveAnswerOptions {
  maxSentences: number;
  maxWords: number;
  language?: Language;
  /** Weights of sentence choice (the documented defaults when absent). */
  ranking?: RankingProfile['sentences'];
  /** How community reports are reduced for global answers (the documented defaults when absent). */
  reports?: RankingProfile['reports'];
}

interface Candidate {
  text: string;
  chunkIndex: number;
  documentPath: string;
  documentTitle: string;
  chunkId: string;
  documentId: string;
  span: { start: number; end: number };
  /** The chunk and start of each sentence it quotes (not of a heading line read with them): what relation evidence points at. */
  keys: string[];
  stems: Set<string>;
  entities: Entity[];
  score: number;
  section?: string | undefined;
  page?: number | undefined;
  /** A whole code block or table, quoted as it is written. */
  verbatim?: boolean;
  /** A table row's own terms (its stems include the header's): a row counts only when one of its cells meets the question. */
  ownStems?: Set<string>;
}

/** Name of the offline answerer, reported in every answer's metadata. */
export const EXTRACTIVE_ANSWERER = 'extractive (offline: sentences taken verbatim from the context)';
const NOT_FOUND = 'The indexed documents do not contain information that answers this question.';

/**
 * Answers without a model: picks up to `maxSentences` sentences (about `maxWords` words) from
 * the context, scored by the question's content words, by the relevance of the entities they
 * name (entities of the type the question asks for count most) and by relation-path evidence.
 * Nothing is written that is not in the context; when nothing matches, it says so.
 */
export function answerExtractively(analysis: QuestionAnalysis, context: RetrievalContext, options: ExtractiveAnswerOptions): Omit<Answer, 'metadata'> & { metadata: Omit<Answer['metadata'], 'latencyMs' | 'route' | 'reason'> } {
  const profile = options.ranking ?? DEFAULT_RANKING_PROFILE.sentences;
  const question = analysis.text;
  // The dates the question gives are terms too, met by a sentence's date at the question's precision ("2022-06-08", "March 2024").
  const questionDates = analysis.dates;
  const questionStems = new Set([...analysis.stems, ...questionDates.map(dateTerm)]);
  const questionDays = questionDates.filter((iso) => /^\d{4}-\d{2}-\d{2}$/.test(iso));
  const questionEntityIds = new Set(context.questionEntities.map((entity) => entity.id));
  const wantedTypes = analysis.answerType.types;
  const evidenceSpans = new Set(context.paths.filter((path) => path.score >= profile.minPathScore).flatMap((path) => path.relations.map((relation) => `${relation.chunkId}:${relation.start}`)));
  const maxEntityScore = Math.max(0, ...[...context.entityScores].filter(([id]) => !questionEntityIds.has(id)).map(([, score]) => score));
  const candidates = collectCandidates(context, options.language ?? 'en', questionDates, profile.leadInWords);
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) for (const stem of candidate.stems) documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
  // A question word weighs its idf; one only the question's subordinate clause holds identifies what the question starts from, and weighs less than the main part's, which say what it asks.
  const weight = (stem: string) => Math.log(1 + candidates.length / (1 + (documentFrequency.get(stem) ?? 0))) * (analysis.subordinateStems.has(stem) ? profile.subordinateWordShare : 1);
  const questionMass = [...questionStems].reduce((sum, stem) => sum + weight(stem), 0) || 1;

  for (const candidate of candidates) {
    const termScore = [...questionStems].filter((stem) => candidate.stems.has(stem)).reduce((sum, stem) => sum + weight(stem), 0) / questionMass;
    let entityScore = 0;
    let namesQuestionEntity = false;
    for (const entity of candidate.entities) {
      if (questionEntityIds.has(entity.id)) {
        namesQuestionEntity = true;
        continue;
      }
      const relevance = maxEntityScore > 0 ? (context.entityScores.get(entity.id) ?? 0) / maxEntityScore : 0;
      entityScore = Math.max(entityScore, relevance * Math.max(profile.otherTypeEntityWeight, wantedTypes.get(entity.type) ?? 0));
    }
    const pathBonus = candidate.keys.some((key) => evidenceSpans.has(key)) ? profile.pathEvidenceBonus : 0;
    const rankPrior = profile.rankPrior / (1 + candidate.chunkIndex);
    // A day the question names (not a month or a year) picks out what it is about as a name does.
    const namesQuestionDay = questionDays.some((day) => candidate.stems.has(dateTerm(day)));
    candidate.score = termScore + entityScore + (namesQuestionEntity || namesQuestionDay ? profile.questionEntityBonus : 0) + pathBonus + rankPrior;
    if (termScore === 0 && !namesQuestionEntity && pathBonus === 0) candidate.score = 0;
    if (candidate.ownStems && ![...questionStems].some((stem) => candidate.ownStems?.has(stem))) candidate.score = 0;
  }
  const base = {
    question,
    mode: context.mode,
    paths: context.paths.map(formatPath),
    context: { chunks: context.chunks.length, tokens: context.tokens, searchedWith: context.searchedWith },
    metadata: { answerer: EXTRACTIVE_ANSWERER, questionEntities: context.questionEntities.map((entity) => entity.name) },
  };
  if (context.mode === 'global') {
    const reduced = reduceCommunities(analysis, context, options.maxWords, options.reports);
    if (reduced) {
      const communityCitations: Citation[] = context.communities.map((item) => ({ kind: 'community', id: item.community.id, label: item.community.report.title }));
      return { ...base, answer: reduced.answer, found: true, citations: [...reduced.citations, ...communityCitations] };
    }
  }
  // Asked for no kind of entity about the one thing the question names, which heads the first passage ("What values does pollMode accept?"): that section answers, not a path away from it.
  // Asked for a cause, the sentences that state one answer: a cause is seldom a name a path reaches ("a seized idler bearing").
  // Naming no entity in one clause ("Name the firm that tested the plant's control network"), the question is answered by the sentence that states it, not by a path from whatever that sentence names.
  const stated = context.questionEntities.length === 0 && analysis.mainClauseStems.size === 0 && wantedTypes.size > 0 && !analysis.answerType.cause ? statedAnswer(analysis, candidates, weight) : null;
  const pathEvidence = analysis.answerType.cause
    ? { evidence: statedCause(candidates), answers: [] }
    : stated !== null && stated.share >= profile.statedAnswerShare
      ? { evidence: [{ ...stated.sentence, text: cropSentence(stated.sentence.text, [stated.entity.name, ...stated.entity.aliases], profile.cropWords) }], answers: [stated.entity] }
      : wantedTypes.size === 0 && firstPassageIsHeadedByQuestion(analysis, context) ? { evidence: [], answers: [] } : selectPathEvidence(context, candidates, options, profile);
  const chosen = chooseSentences(pathEvidence.evidence, candidates, options);
  if (chosen.length === 0) return { ...base, answer: NOT_FOUND, found: false, citations: [] };
  // Answer first: the entities the chosen paths reach, then the evidence that reaches them; or, when
  // neither the paths nor the sentences reach anything of the kind asked, say so before the nearest evidence.
  // Without a path, what a sentence names beside the question's own entities is reached (any sentence's, when the question names none).
  const reachedBySentence = chosen.filter((candidate) => questionEntityIds.size === 0 || candidate.entities.some((entity) => questionEntityIds.has(entity.id)));
  const named = pathEvidence.answers.length > 0 ? pathEvidence.answers : reachedBySentence.flatMap((candidate) => candidate.entities.filter((entity) => !questionEntityIds.has(entity.id)));
  // A stated cause answers as it is written: the kind the question names ("which failed component") is a common noun there, not an entity.
  const lead = analysis.answerType.cause && pathEvidence.evidence.length > 0 ? '' : !reachesAskedKind(analysis, named) ? `${noneOfAskedKind(analysis)} ` : pathEvidence.answers.length > 0 ? `${pathEvidence.answers.map((entity) => entity.name).join('; ')} — ` : '';
  const citations: Citation[] = [];
  const markerOf = new Map<string, number>();
  const parts = chosen.map((candidate) => {
    if (!markerOf.has(candidate.chunkId)) {
      citations.push(citeChunk({ id: candidate.chunkId, documentTitle: candidate.documentTitle, documentPath: candidate.documentPath, section: candidate.section, page: candidate.page }, candidate.span));
      markerOf.set(candidate.chunkId, citations.length);
    }
    return `${candidate.text} [${markerOf.get(candidate.chunkId)}]`;
  });
  for (const path of context.paths.slice(0, 5)) {
    for (const relation of path.relations) {
      if (!citations.some((citation) => citation.id === relation.id)) citations.push({ kind: 'relation', id: relation.id, label: `${relation.type}: ${relation.evidence.slice(0, 120)}` });
    }
  }
  const documents = new Map(chosen.map((candidate) => [candidate.documentId, candidate]));
  for (const [id, candidate] of documents) citations.push({ kind: 'document', id, label: candidate.documentTitle, path: candidate.documentPath });
  return { ...base, answer: `${lead}${parts.join(' ')}`, found: true, citations };
}

/** The cause phrases of every registered language, matched as whole words in accent-free lower case with apostrophes as spaces. */
const causeEvidence = acrossLanguages((packs) => new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${wordAlternation(packs.flatMap((pack) => pack.questionPhrasing.causes.evidencePhrases))})(?![\\p{L}\\p{N}])`, 'u'));

/** True when a sentence states a cause ("triggered by", "found that the fire started when", « provoqué par »). */
function statesACause(text: string): boolean {
  return causeEvidence().test(stripAccents(text).toLowerCase().replace(/['’]/g, ' '));
}

/**
 * The sentence that answers a question asking what caused something, first: of the sentences that state a cause, the one
 * whose passage best meets the question (its best sentence's score, which describes the event) and which itself meets it
 * best. A cause is seldom told in the question's words ("the fire started when a seized idler bearing overheated" answers
 * "which component set off the blaze on the reclaim conveyor"), the event it explains is, beside it. None when no sentence states one.
 */
function statedCause(candidates: readonly Candidate[]): Candidate[] {
  const passageScore = new Map<string, number>();
  for (const candidate of candidates) passageScore.set(candidate.chunkId, Math.max(passageScore.get(candidate.chunkId) ?? 0, candidate.score));
  let best: Candidate | null = null;
  let bestScore = 0;
  for (const candidate of candidates) {
    if (candidate.verbatim || !statesACause(candidate.text)) continue;
    const score = (passageScore.get(candidate.chunkId) ?? 0) + candidate.score;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best ? [best] : [];
}

/**
 * The sentence of the context that states what the question asks, with the entity of the asked kind it names first (or
 * an untyped one, which may be of that kind): of the sentences naming such an entity, the one holding the largest
 * idf-weighted share of the question's stems but the wh-phrase's head noun. Null when no sentence names one.
 */
function statedAnswer(analysis: QuestionAnalysis, candidates: readonly Candidate[], weight: (stem: string) => number): { sentence: Candidate; entity: Entity; share: number } | null {
  const wanted = analysis.answerType.types;
  const asked = analysis.stems.filter((stem) => stem !== analysis.answerType.headStem);
  const mass = asked.reduce((sum, stem) => sum + weight(stem), 0);
  if (mass === 0) return null;
  let best: { sentence: Candidate; entity: Entity; share: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.verbatim) continue;
    const text = ` ${normaliseName(candidate.text)} `;
    const named = candidate.entities
      .filter((entity) => (wanted.get(entity.type) ?? 0) >= 1 || entity.type === FALLBACK_NODE_TYPE)
      .map((entity) => ({ entity, at: text.indexOf(` ${normaliseName(entity.name)} `) }))
      .filter((item) => item.at >= 0)
      .sort((left, right) => left.at - right.at);
    const first = named[0];
    if (first === undefined) continue;
    const share = asked.filter((stem) => candidate.stems.has(stem)).reduce((sum, stem) => sum + weight(stem), 0) / mass;
    if (best === null || share > best.share) best = { sentence: candidate, entity: first.entity, share };
  }
  return best;
}

/** True when the question names one thing and the first passage's own heading (its section's last) is that name. */
function firstPassageIsHeadedByQuestion(analysis: QuestionAnalysis, context: RetrievalContext): boolean {
  const heading = innermostHeading(context.chunks[0]?.chunk.section);
  const named = analysis.entities[0];
  if (heading === undefined || named === undefined || analysis.entities.length > 1) return false;
  const key = normaliseName(heading);
  return normaliseName(named.surface) === key || normaliseName(named.name) === key;
}

/**
 * False when the question asks for a kind of entity and every answer the paths reach is typed
 * as another kind (an untyped entity may still be one: it counts as reaching it).
 */
function reachesAskedKind(analysis: QuestionAnalysis, answers: Entity[]): boolean {
  const wanted = analysis.answerType.types;
  if (wanted.size === 0) return true;
  const head = analysis.answerType.headStem;
  return answers.some((entity) => entity.type === FALLBACK_NODE_TYPE || (wanted.get(entity.type) ?? 0) > 0 || (head !== null && describedAs(readEntityNouns(entity), head, languagePack(analysis.language).descriptors.headFirst) !== null));
}

/** What the answer says when no entity of the asked kind was reached, before the nearest evidence. */
function noneOfAskedKind(analysis: QuestionAnalysis): string {
  const kinds = [...analysis.answerType.types].filter(([, weight]) => weight >= 1).map(([type]) => type);
  return `No ${kinds.join(' or ') || 'entity of the kind asked'} found for this question; the nearest evidence:`;
}

function collectCandidates(context: RetrievalContext, language: Language, questionDates: readonly string[], leadInWords: number): Candidate[] {
  const names = context.knownEntities.flatMap((entity) => [entity.name, ...entity.aliases].map((name) => ({ entity, name: normaliseName(name) }))).filter((item) => item.name.length > 1);
  const candidates: Candidate[] = [];
  context.chunks.forEach(({ chunk }, chunkIndex) => {
    const verbatim = chunk.kind === 'code' || chunk.kind === 'table';
    const pieces = passagePieces(chunk, language, leadInWords);
    for (const sentence of pieces) {
      const normalised = ` ${normaliseName(sentence.text)} `;
      const entities = new Map<string, Entity>();
      for (const { entity, name } of names) if (normalised.includes(` ${name} `)) entities.set(entity.id, entity);
      candidates.push({
        ...(chunk.section === undefined ? {} : { section: chunk.section }),
        ...(chunk.page === undefined ? {} : { page: chunk.page }),
        ...(verbatim ? { verbatim } : {}),
        ...(sentence.ownText === undefined ? {} : { ownStems: new Set([...contentStems(sentence.ownText), ...datesMet(sentence.ownText, questionDates).map(dateTerm)]) }),
        text: verbatim ? quoteVerbatim(sentence.text, chunk.kind === 'table') : sentence.text.replace(/\s+/g, ' ').trim(),
        chunkIndex,
        documentPath: chunk.documentPath,
        documentTitle: chunk.documentTitle,
        chunkId: chunk.id,
        documentId: chunk.documentId,
        span: { start: chunk.start + sentence.start, end: chunk.start + sentence.end },
        keys: (sentence.sentenceStarts ?? [sentence.start]).map((start) => `${chunk.id}:${chunk.start + start}`),
        stems: new Set([...contentStems(sentence.text), ...datesMet(sentence.text, questionDates).map(dateTerm)]),
        entities: [...entities.values()],
        score: 0,
      });
    }
  });
  return candidates;
}

/** The question's dates that a date of the text falls in (same day, month or year, at the question's precision). */
function datesMet(text: string, questionDates: readonly string[]): string[] {
  if (questionDates.length === 0) return [];
  const found = findDates(text).map((date) => date.iso);
  return questionDates.filter((asked) => found.some((iso) => iso.startsWith(asked)));
}

/** The term standing for a date in sentence scoring, which no word stem can equal. */
function dateTerm(iso: string): string {
  return `date:${iso}`;
}

/**
 * The evidence sentences of the best relation path, then of near-equal paths that end on an
 * entity of the same type (questions with several answers; only their last hop when the
 * sentence limit is near), cropped around the path's entities.
 */
function selectPathEvidence(context: RetrievalContext, candidates: Candidate[], options: ExtractiveAnswerOptions, profile: RankingProfile['sentences']): { evidence: Candidate[]; answers: Entity[] } {
  const paths = context.paths;
  const best = paths[0];
  if (!best || best.score < profile.minPathScore) return { evidence: [], answers: [] };
  const answers = new Map<string, Entity>();
  const typedAnswerSentences = new Set<string>();
  const endType = best.entities[best.entities.length - 1]?.type;
  const chosen: Candidate[] = [];
  const seen = new Set<string>();
  let words = 0;
  for (const path of paths) {
    if (path !== best && (path.score < best.score * profile.secondPathRatio || path.entities[path.entities.length - 1]?.type !== endType)) continue;
    // A further path to an answer already given adds no answer: its sentences would only take the room of another answer's.
    if (path !== best && answers.has(path.entities[path.entities.length - 1]?.id ?? '')) continue;
    // Nor does one that ends on a mere co-mention in the sentence whose edge phrase gave an answer ("A signed with B for the supply of C": B supplies C, A only appears).
    const lastHop = path.relations[path.relations.length - 1];
    if (path !== best && lastHop?.type === COOCCURRENCE_EDGE_TYPE && typedAnswerSentences.has(`${lastHop.chunkId}:${lastHop.start}`)) continue;
    const additions: Candidate[] = [];
    path.relations.forEach((relation, hop) => {
      const key = `${relation.chunkId}:${relation.start}`;
      if (seen.has(key) || additions.some((item) => item.keys.includes(key))) return;
      const names = [path.entities[hop], path.entities[hop + 1]].flatMap((entity) => (entity ? [entity.name, ...entity.aliases] : []));
      const source = candidates.find((candidate) => candidate.keys.length === 1 && candidate.keys[0] === key);
      const sameChunk = candidates.find((candidate) => candidate.chunkId === relation.chunkId);
      additions.push({
        ...(source ?? outsideCandidate(relation.chunkId, relation.documentId, sameChunk ?? context.citedSources?.get(relation.chunkId))),
        keys: [key],
        text: cropSentence(relation.evidence.replace(/\s+/g, ' ').trim(), names, profile.cropWords),
        span: { start: relation.start, end: relation.end },
        score: path.score,
      });
    });
    const wordsOf = (items: Candidate[]) => items.reduce((sum, item) => sum + item.text.split(/\s+/).length, 0);
    const fits = (items: Candidate[]) => chosen.length + items.length <= options.maxSentences && (chosen.length === 0 || words + wordsOf(items) <= options.maxWords);
    // A further answer whose whole chain does not fit keeps the hop that reaches it.
    const kept = chosen.length === 0 || fits(additions) ? additions : additions.slice(-1);
    if (!fits(kept)) continue;
    const addedWords = wordsOf(kept);
    for (const item of kept) for (const key of item.keys) seen.add(key);
    chosen.push(...kept);
    words += addedWords;
    const end = path.entities[path.entities.length - 1];
    if (end) answers.set(end.id, end);
    if (lastHop && lastHop.type !== COOCCURRENCE_EDGE_TYPE) typedAnswerSentences.add(`${lastHop.chunkId}:${lastHop.start}`);
  }
  return { evidence: chosen, answers: [...answers.values()] };
}

/**
 * A code block as written (blank edge lines and trailing spaces dropped) or a table, one row a line with its
 * cells joined by " · ", so a quoted block answers as it is, without the markup around it.
 */
function quoteVerbatim(text: string, table: boolean): string {
  const lines = text.split('\n').map((line) => line.trimEnd());
  const kept = table ? lines.filter((line) => line.trim() !== '').map((line) => line.trim().split(/\s{2,}/).join(' · ')) : lines;
  while (kept.length > 0 && (kept[0] ?? '').trim() === '') kept.shift();
  while (kept.length > 0 && (kept[kept.length - 1] ?? '').trim() === '') kept.pop();
  return `\n${kept.join('\n')}\n`;
}

/** The first whole lines of a verbatim block that hold at most `maxWords` words (at least one line). */
function cutLines(text: string, maxWords: number): string {
  const kept: string[] = [];
  let words = 0;
  for (const line of text.split('\n')) {
    const count = line.split(/\s+/).filter((word) => word !== '').length;
    if (kept.some((item) => item.trim() !== '') && words + count > maxWords) break;
    kept.push(line);
    words += count;
  }
  return `${kept.join('\n')}\n…\n`;
}

/** A sentence of a chunk outside the context (relation-path evidence), cited from where the chunk comes from. */
function outsideCandidate(chunkId: string, documentId: string, source: ChunkSource | undefined): Candidate {
  return {
    text: '',
    chunkIndex: 0,
    documentPath: source?.documentPath ?? '',
    documentTitle: source?.documentTitle ?? documentId,
    ...(source?.section === undefined ? {} : { section: source.section }),
    ...(source?.page === undefined ? {} : { page: source.page }),
    chunkId,
    documentId,
    span: { start: 0, end: 0 },
    keys: [`${chunkId}:0`],
    stems: new Set(),
    entities: [],
    score: 0,
  };
}

/** Completes the path evidence with the best-scoring context sentences, within the limits. */
function chooseSentences(fromPaths: Candidate[], candidates: Candidate[], options: ExtractiveAnswerOptions): Candidate[] {
  const ranked = candidates.filter((candidate) => candidate.score > 0).sort((left, right) => right.score - left.score || left.chunkIndex - right.chunkIndex || left.span.start - right.span.start);
  const chosen: Candidate[] = [...fromPaths];
  const seenText = new Set<string>(fromPaths.flatMap((candidate) => candidate.keys));
  let words = fromPaths.reduce((sum, candidate) => sum + candidate.text.split(/\s+/).length, 0);
  for (const candidate of ranked) {
    if (chosen.length >= options.maxSentences) break;
    if (candidate.keys.some((key) => seenText.has(key)) || seenText.has(normaliseName(candidate.text))) continue;
    const length = candidate.text.split(/\s+/).length;
    if (chosen.length > 0 && words + length > options.maxWords) continue;
    for (const key of candidate.keys) seenText.add(key);
    seenText.add(normaliseName(candidate.text));
    chosen.push(length > options.maxWords ? { ...candidate, text: candidate.verbatim ? cutLines(candidate.text, options.maxWords) : `${candidate.text.split(/\s+/).slice(0, options.maxWords).join(' ')} …` } : candidate);
    words += Math.min(length, options.maxWords);
  }
  return chosen;
}
