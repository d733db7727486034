import { normaliseName, stripAccents } from '../core/normalise.js';
import { DEFAULT_RANKING_PROFILE, type RankingProfile } from '../config/ranking-profile.js';
import type { Citation, CommunityFinding, Entity } from '../core/records.js';
import type { RetrievalContext, ScoredCommunity } from '../core/retrieval-context.js';
import { contentStems, stemWord } from '../text/content-stems.js';
import { describedAs, readEntityNouns } from '../text/described-as.js';
import { languagePack, languagePacks } from '../text/lang/registry.js';
import type { QuestionAnalysis } from '../core/question-analysis.js';
import { citeFinding } from './cite-finding.js';
import { reduceConcernThemes } from './concern-themes.js';
import { cropSentence } from './crop-sentence.js';

/** The reduced answer of global search, before the common answer fields are added. */
export interface GlobalReduction {
  answer: string;
  citations: Citation[];
}

/**
 * The reduce step of global search without a model. When the question asks for every item of
 * a kind ("which suppliers does X work with", "main organisations across the documents"), it
 * lists the entities of that type that the relevant communities' findings tie to the question,
 * most relevant first (names of ordinary words only after the others, one firm under one name);
 * otherwise it lists the main points: for each relevant community, its title and the finding that
 * bears most on the question, cropped. Every item cites the
 * sentences it comes from; nothing is written that the reports do not hold.
 */
export function reduceCommunities(analysis: QuestionAnalysis, context: RetrievalContext, maxWords: number, reports: RankingProfile['reports'] = DEFAULT_RANKING_PROFILE.reports): GlobalReduction | null {
  const question = analysis.text;
  if (context.communities.length === 0) return null;
  const wanted = analysis.answerType.types;
  const asksForAList = analysis.signals.list || analysis.signals.corpusWide;
  if (wanted.size > 0 && asksForAList) return listEntities(analysis, context.communities, wanted, { maxWords, maxListed: reports.listedEntities }, context);
  if (context.concernLexicon) {
    const themes = reduceConcernThemes(analysis, context.communities, context.concernLexicon, maxWords, context, reports);
    if (themes) return themes;
  }
  return listThemes(analysis, context.communities, { maxWords, themes: reports.themes, themeWords: reports.themeWords }, context);
}

function listEntities(analysis: QuestionAnalysis, communities: ScoredCommunity[], wanted: Map<string, number>, limits: { maxWords: number; maxListed: number }, context: RetrievalContext): GlobalReduction | null {
  const { maxWords, maxListed } = limits;
  const question = analysis.text;
  const entities = new Map(context.knownEntities.map((entity) => [entity.id, entity]));
  const named = ` ${normaliseName(question)} `;
  // The question's own subject, named whole ("the Board") or by the last words of its name ("the Port Authority").
  const subjectPhrase = (entity: Entity) => [entity.name, ...entity.aliases].map((name) => nameTailInQuestion(name, named)).find((phrase) => phrase !== null) ?? null;
  const subjectWords = new Set([...entities.values()].flatMap((entity) => contentStems(subjectPhrase(entity) ?? '')));
  const questionStems = new Set(analysis.stems.filter((stem) => !subjectWords.has(stem)));
  const pack = languagePack(analysis.language);
  const headFirst = pack.descriptors.headFirst;
  // In a head-first language the question may name its subject by the head noun alone ("l'université" for "Université de Corvel") when one name has that head.
  const headNamed = headFirst ? headNamedSubjects([...entities.values()], named, new Set([...pack.descriptors.referring, ...pack.determiners])) : new Set<string>();
  const namedByQuestion = (entity: Entity) => subjectPhrase(entity) !== null || headNamed.has(entity.id);
  // "The Works team", "l'équipe Accueil": an organisation's own units are not the firms it deals with, unless units are asked for.
  const unitStems = new Set(languagePacks().flatMap((each) => [...each.descriptors.unitNouns].map(stemWord)));
  const asksForUnits = [...pack.descriptors.unitNouns].some((noun) => questionStems.has(stemWord(noun)));
  const isUnit = (entity: Entity) => !asksForUnits && readEntityNouns(entity).phrases.some((phrase) => phrase.isPhrase && unitStems.has((headFirst ? phrase.stems[0] : phrase.stems[phrase.stems.length - 1]) ?? ''));
  // Entities the documents describe with one of the question's nouns ("Velbrook, the supplier" for "which suppliers").
  const describedByQuestion = (entity: Entity) => [...questionStems].some((stem) => describedAs(readEntityNouns({ ...entity, name: '' }), stem, headFirst) === 'head');
  const topScore = Math.max(1e-9, ...communities.map((item) => item.score));
  const scores = new Map<string, { name: string; score: number; finding: CommunityFinding | undefined }>();
  for (const item of communities) {
    const weight = 0.5 + item.score / topScore;
    const central = new Map(item.community.report.keyEntities.map((entity, rank) => [entity.id, rank]));
    for (const memberId of item.community.memberIds) {
      const entity = entities.get(memberId);
      // The question's own subject ("the Board" in "who does the Board work with") is not one of the answers.
      if (!entity || !wanted.has(entity.type) || namedByQuestion(entity) || isUnit(entity)) continue;
      const finding = [...item.community.report.findings]
        .filter((candidate) => [entity.name, ...entity.aliases].some((name) => candidate.text.includes(name)))
        .sort((left, right) => overlap(right.text, questionStems) - overlap(left.text, questionStems))[0];
      const relevance = (finding ? 1 + overlap(finding.text, questionStems) : 0.3) * (central.has(memberId) ? 1.5 : 1) + (describedByQuestion(entity) ? 1 : 0);
      const entry = scores.get(entity.id) ?? { name: entity.name, score: 0, finding };
      entry.score += weight * relevance * (wanted.get(entity.type) ?? 0) + Math.log(1 + entity.mentionCount) * 0.01;
      entry.finding ??= finding ?? item.memberEvidence?.get(memberId);
      scores.set(entity.id, entry);
    }
  }
  // Entities no community holds (alone in their documents) count as members of a community that matched nothing.
  for (const { entity, evidence } of context.outsideCommunities?.entities ?? []) {
    if (!wanted.has(entity.type) || namedByQuestion(entity) || isUnit(entity) || scores.has(entity.id)) continue;
    const relevance = (evidence ? 1 + overlap(evidence.text, questionStems) : 0.3) + (describedByQuestion(entity) ? 1 : 0);
    scores.set(entity.id, { name: entity.name, score: 0.5 * relevance * (wanted.get(entity.type) ?? 0) + Math.log(1 + entity.mentionCount) * 0.01, finding: evidence });
  }
  // A name made of ordinary words only ("Rail Systems", "Visitor Services") is as often a department or a generic phrase as a
  // firm: names with a word of their own come first, those after them, each group by score.
  const generic = (name: string) => (stripAccents(name).toLowerCase().match(/\p{L}+/gu) ?? []).every((word) => word.length < 2 || pack.isDictionaryWord(word));
  const ranked = [...scores.values()]
    .map((entry) => ({ ...entry, generic: generic(entry.name) }))
    .sort((left, right) => Number(left.generic) - Number(right.generic) || right.score - left.score || left.name.localeCompare(right.name));
  if (ranked.length === 0) return null;
  const names: string[] = [];
  const citations: Citation[] = [];
  const listed: string[] = [];
  let words = 0;
  for (const entry of ranked) {
    // One firm under its short and its full name ("Velbrook", "Velbrook Marine Services") is listed once, as it ranks first.
    const normalised = normaliseName(entry.name);
    if (listed.some((name) => startsWithWords(name, normalised) || startsWithWords(normalised, name))) continue;
    listed.push(normalised);
    const length = entry.name.split(/\s+/).length;
    if (words + length > maxWords || names.length >= maxListed) break;
    words += length;
    let marker = '';
    if (entry.finding) {
      const index = citeFinding(entry.finding, citations, context);
      marker = ` [${index}]`;
    }
    names.push(`${entry.name}${marker}`);
  }
  return { answer: `${names.join(', ')}.`, citations };
}

/** True when `name` begins with all the words of `start` and has more ("velbrook marine" begins with "velbrook"). */
function startsWithWords(name: string, start: string): boolean {
  return name.startsWith(`${start} `);
}

function listThemes(analysis: QuestionAnalysis, communities: ScoredCommunity[], limits: { maxWords: number; themes: number; themeWords: number }, context: RetrievalContext): GlobalReduction | null {
  const { maxWords, themes, themeWords } = limits;
  const question = analysis.text;
  const questionStems = new Set(analysis.stems);
  const used = new Set<string>();
  const items: string[] = [];
  const citations: Citation[] = [];
  let words = 0;
  for (const item of communities.slice(0, themes)) {
    const finding = item.findings.find((candidate) => !used.has(`${candidate.chunkId}:${candidate.span.start}`));
    if (!finding) continue;
    used.add(`${finding.chunkId}:${finding.span.start}`);
    const sentence = finding.text.replace(/\s+/g, ' ').trim();
    const anchors = sentence.split(/\s+/).filter((word) => contentStems(word).some((stem) => questionStems.has(stem)));
    const text = cropSentence(sentence, anchors.length > 0 ? anchors : item.community.report.keyEntities.slice(0, 2).map((entity) => entity.name), themeWords);
    const keywords = item.keywords && item.keywords.length > 0 ? ` (${item.keywords.join(', ')})` : '';
    const entry = `${item.community.report.title}${keywords}: ${text}`;
    const length = entry.split(/\s+/).length;
    if (items.length > 0 && words + length > maxWords * 2) break;
    words += length;
    items.push(`${entry} [${citeFinding(finding, citations, context)}]`);
  }
  return items.length === 0 ? null : { answer: items.map((entry, index) => `(${index + 1}) ${entry}`).join(' '), citations };
}

/**
 * Entities whose name's first word (its head, in a head-first language) the question writes after a
 * definite article ("l'université"), when no other name of several words starts with that word.
 */
function headNamedSubjects(entities: readonly Entity[], normalisedQuestion: string, articles: ReadonlySet<string>): Set<string> {
  const byHead = new Map<string, Entity[]>();
  for (const entity of entities) {
    const words = normaliseName(entity.name).split(' ').filter(Boolean);
    const head = words[0];
    if (words.length < 2 || !head || head.length < 4) continue;
    byHead.set(head, [...(byHead.get(head) ?? []), entity]);
  }
  const named = new Set<string>();
  for (const [head, holders] of byHead) {
    if (holders.length !== 1) continue;
    if ([...articles].some((article) => normalisedQuestion.includes(` ${article} ${head} `))) named.add((holders[0] as Entity).id);
  }
  return named;
}

/**
 * The words of the question that name this entity: its whole name, or, for a name of three words
 * or more, its last two or more words ("Ferry Authority" for "Ostrel Ferry Authority"); null when the question does not name it.
 */
function nameTailInQuestion(name: string, normalisedQuestion: string): string | null {
  const words = normaliseName(name).split(' ').filter(Boolean);
  if (words.join('').length < 3) return null;
  for (let from = 0; from <= Math.max(0, words.length - 2); from += 1) {
    const tail = words.slice(from).join(' ');
    if (normalisedQuestion.includes(` ${tail} `)) return tail;
  }
  return null;
}

function overlap(text: string, stems: Set<string>): number {
  return contentStems(text).filter((stem) => stems.has(stem)).length;
}
