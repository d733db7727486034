import type { GraphSchema } from '../config/graph-schema.js';
import type { QuestionAnalysis, TemporalPreference } from '../core/question-analysis.js';
import { detectLanguage } from '../ingest/detect-language.js';
import { contentStems } from '../text/content-stems.js';
import { readChangeWindow } from '../text/change-question.js';
import { findDates, withoutDates } from '../text/find-dates.js';
import { languagePack, languagePacks } from '../text/lang/registry.js';
import { stripAccents } from '../core/normalise.js';
import { coordinationWords } from '../text/words.js';
import {
  asksAboutConcernsInGeneral, isAggregateQuestion, isCorpusWideQuestion, isListQuestion, isTemporalQuestion, withoutMetaWords,
} from '../text/question-signals.js';
import { datesAnchorEvent, splitAtSubordinateClause } from './anchor-date.js';
import { unwrapRequest, withoutRequestVerb } from './unwrap-request.js';
import { answerHeadIsPlural, answerHeadStem, bridgeKinds, expectedAnswerTypes } from './expected-answer-type.js';
import { asksForCause } from './cause-question.js';
import { relationAlternatives, relationTypeWords } from './relation-alternatives.js';

/**
 * Reads a question once: language, content stems, the answer type asked for (schema types and the
 * wh-phrase's head noun), a date or "currently", and the routing signals. Entities are linked
 * later, by the ask layer, once the graph is open.
 */
export function analyzeQuestion(question: string, schema: GraphSchema): QuestionAnalysis {
  // "Tell me which firm …", "Give me the name of the person who …": read as the question inside the request.
  const asked = unwrapRequest(question);
  const searchText = withoutRequestVerb(asked);
  const contentText = withoutMetaWords(searchText);
  // A date the question gives is a constraint on facts (`temporal`), not words to find: "mars 2024" must not match "9 mars 2023".
  const topicStems = (text: string) => contentStems(withoutDates(text));
  const language = detectLanguage(question);
  const headFirst = languagePack(language).descriptors.headFirst;
  const stems = topicStems(searchText);
  const types = expectedAnswerTypes(asked, schema);
  const headStem = answerHeadStem(asked, schema, headFirst);
  const clauses = splitAtSubordinateClause(searchText);
  return {
    text: question,
    searchText,
    language,
    stems,
    relationAlternatives: relationAlternatives(stems, schema),
    relationTypeWords: relationTypeWords(stems, schema),
    contentText,
    contentStems: topicStems(contentText),
    subordinateStems: subordinateOnly(clauses, topicStems),
    mainClauseStems: mainClauseStems(clauses, topicStems, headStem),
    answerType: { types, headStem, headPlural: answerHeadIsPlural(asked, schema, headFirst), cause: asksForCause(asked, schema, types) },
    bridgeKinds: bridgeKinds(asked, schema),
    temporal: readTemporalPreference(asked),
    dates: findDates(searchText).map((date) => date.iso),
    changeWindow: readChangeWindow(asked),
    signals: {
      corpusWide: isCorpusWideQuestion(asked),
      list: isListQuestion(asked),
      aggregate: isAggregateQuestion(asked),
      concernsInGeneral: asksAboutConcernsInGeneral(asked),
      temporalWording: isTemporalQuestion(asked),
    },
    entities: [],
  };
}

/** The question's words split at its subordinate clause (`splitAtSubordinateClause`). */
type Clauses = ReturnType<typeof splitAtSubordinateClause>;

/** The stems of the question's subordinate clause that its main part does not also hold. */
function subordinateOnly({ main, clause }: Clauses, topicStems: (text: string) => string[]): ReadonlySet<string> {
  const mainStems = new Set(topicStems(main.join(' ')));
  return new Set(topicStems(clause.join(' ')).filter((stem) => !mainStems.has(stem)));
}

/**
 * What the main clause asks of the answer, when the question also has a subordinate clause: the
 * stems of its words but the answer's head noun ("which contractor resumed drilling at the
 * prospect [where …]" → resum, drill, prospect). Empty otherwise, and for two questions joined by
 * a coordination word ("…, and which option changes it?").
 */
function mainClauseStems({ main, clause }: Clauses, topicStems: (text: string) => string[], headStem: string | null): ReadonlySet<string> {
  // "…, and which option changes it?": a second question, not a clause that identifies the first one's start.
  if (clause.length === 0 || coordinationWords().has(stripAccents(main[main.length - 1] ?? ''))) return new Set();
  return new Set(topicStems(main.join(' ')).filter((stem) => stem !== headStem));
}

/** A date in the question, or words meaning "now" in any registered language. */
function readTemporalPreference(question: string): TemporalPreference | null {
  const date = findDates(question)[0];
  if (date) return { prefer: 'at', date: date.iso, ...(datesAnchorEvent(question, date.start) ? { anchor: true } : {}) };
  const words = new Set(stripAccents(question).toLowerCase().replace(/’/g, "'").match(/[\p{L}']+/gu) ?? []);
  const latest = languagePacks().some((pack) => pack.temporal.latestWords.some((word) => words.has(stripAccents(word).toLowerCase())));
  return latest ? { prefer: 'latest' } : null;
}
