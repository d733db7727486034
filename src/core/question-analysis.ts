import type { Language } from './records.js';

/**
 * A time the question asks about: the latest facts ("currently"), or facts valid at a date; `anchor` when
 * the date is that of the event the question starts from ("the tram that derailed in August 2024"), not of
 * the fact it asks for.
 */
export type TemporalPreference = { prefer: 'latest' } | { prefer: 'at'; date: string; anchor?: boolean };

/** An entity of the graph that the question names. */
export interface QuestionEntity {
  id: string;
  name: string;
  /** The question's words that named it. */
  surface: string;
  match: 'exact' | 'alias' | 'name-word' | 'fuzzy' | 'vector';
}

/**
 * A question read once, at the door: everything retrieval, routing and answering need from its
 * text. Nothing below the ask layer re-parses the question.
 */
export interface QuestionAnalysis {
  /** The question as asked. */
  text: string;
  /** What retrieval searches with: the question without the wording of a request around it ("Can you tell me …", "the name of …", an opening "List"). */
  searchText: string;
  language: Language;
  /** Stems of the content words (stop words and question words left out). */
  stems: string[];
  /** The question without its words about the corpus ("main themes across these documents"). */
  contentText: string;
  /** Stems of `contentText`. */
  contentStems: string[];
  /**
   * Stems only the question's subordinate clause holds ("what set off the detector [that caused the
   * foam discharge]"): they identify what the question starts from; the main clause says
   * what it asks. Empty when it has no such clause.
   */
  subordinateStems: ReadonlySet<string>;
  /**
   * Stems of what the main clause asks of the answer when the question also has a subordinate
   * clause ("which contractor [resumed drilling at the prospect] where …"), the answer's head noun
   * left out. Empty when it has none, or when a coordination word joins a second question there.
   */
  mainClauseStems: ReadonlySet<string>;
  /**
   * Other words for the question's relation words, from the schema's edge phrases: an evidence
   * stem (key) that stands for a question stem (value), as "produit" stands for "fabriqu" when
   * one edge type lists "fabrique" and "produit".
   */
  relationAlternatives: ReadonlyMap<string, string>;
  /** Edge type → the question's relation stems its phrases say ("leads" for LEADS): a relation of that type covers them. */
  relationTypeWords: ReadonlyMap<string, readonly string[]>;
  /** What the answer should be: node types with weights (1 = named, 0.5 = plausible) and the wh-phrase's head noun, stemmed. */
  answerType: {
    types: Map<string, number>;
    headStem: string | null;
    /** The wh-phrase's head noun is plural ("which suppliers", "quels fournisseurs"): several answers are asked for. */
    headPlural: boolean;
    /** A "what" question whose main part asks what caused something, and not for a person or organisation ("what set off the alarm?"): a cause, stated in a sentence that says so. */
    cause: boolean;
  };
  /** Node types the question's other nouns name: the kinds of the entities its chain passes through ("the programme delivered at the site …"). */
  bridgeKinds: ReadonlySet<string>;
  /** A date or "currently" in the question. */
  temporal: TemporalPreference | null;
  /** Every date the question writes, as ISO prefixes at its precision ("2024-03", "2022-06-08"), in the order written. */
  dates: readonly string[];
  /** "What changed about X between D1 and D2": the two dates, earlier first (absent for any other question). */
  changeWindow?: { from: string; to: string } | null;
  /** Cheap signals for routing and answer shape. */
  signals: {
    /** About the whole corpus ("main themes", "across these documents"). */
    corpusWide: boolean;
    /** Asks for every item of a kind ("which suppliers does X work with"). */
    list: boolean;
    /** Counting or aggregate wording ("how many"). */
    aggregate: boolean;
    /** Risks or problems in the plural. */
    concernsInGeneral: boolean;
    /** Time wording ("currently", "in 2024", "before"). */
    temporalWording: boolean;
  };
  /** Graph entities the question names, filled in by the ask layer once the graph is open (empty before). */
  entities: QuestionEntity[];
}
