/**
 * Everything one language contributes to the offline pipeline and to question analysis.
 * Unless a field says otherwise, words are lower case and accent-free, and consumers compare
 * them with accent-free, lower-cased text; fields that say "as written" keep case and accents
 * because their consumers read raw text.
 */
export interface LanguagePack {
  /** ISO 639-1 code: 'en', 'fr', 'de'. */
  readonly code: string;
  /** Function words: articles, pronouns, prepositions, auxiliaries (today's hand list). */
  readonly stopWords: ReadonlySet<string>;
  /** The stopwords-iso list of the language, kept beside `stopWords` so a switch can be measured. */
  readonly maintainedStopWords: ReadonlySet<string>;
  /** The hand stem: accent-free, lower case, a few suffixes stripped ("supplies" → "suppli"). */
  stem(word: string): string;
  /** The Snowball stem of a word, accent-free and lower case ("continuellement" → "continuel"). */
  snowballStem(word: string): string;
  /** The rules this language adds to the stem used when a text's language is unknown; absent: it adds none. */
  readonly stemRules?: SuffixStemRules;
  /**
   * Derivationally related words, one line per word followed by its relatives ("maintain maintainer
   * maintenance"), lower case: a question's "maintains" is met by evidence that says "maintenance".
   * Absent: the language relates no words beyond their stems.
   */
  readonly derivations?: string;
  /** Words that start sentences or titles capitalised but are no names (besides stop words, months and weekdays). */
  readonly nonNameWords: ReadonlySet<string>;
  /** Words of questions that carry no content term ("who", "quel", "currently"). */
  readonly questionWords: ReadonlySet<string>;
  /** Question words that ask for a kind of answer: a person, a place, or a choice among named things. */
  readonly answerTypeWords: {
    readonly person: readonly string[];
    readonly place: readonly string[];
    readonly choice: readonly string[];
    /** Auxiliaries that, right after a choice word, make it the object with no noun of its own ("what does X prefer"): no head noun then. */
    readonly objectAuxiliaries: readonly string[];
    /** Request verbs that open a question with no wh-word and ask to choose among things as a choice word does ("list the suppliers", "citez les fournisseurs"), accent-free. */
    readonly imperatives: readonly string[];
    /** Word runs that ask "what" though they end in a person word ("qu'est-ce qui" read as `qu est ce qui`), accent-free: they ask for a thing. */
    readonly thingPhrases?: readonly string[];
  };
  /** Prefixes of words that name organisations ("compan" for company, companies; "entreprise"). */
  readonly organisationWordPrefixes: readonly string[];
  readonly names: NameWords;
  /** Articles, demonstratives and possessives ("the", "its", "le", "ses"). */
  readonly articles: ReadonlySet<string>;
  /** Determiners after which a capitalised name is a thing, not a person ("the Northgate Line"). */
  readonly determiners: ReadonlySet<string>;
  /** Prepositions that place a thing in a named place ("the plant in X", "le site à X"), accent-free. */
  readonly locativePrepositions: ReadonlySet<string>;
  /** The few function words that let a sentence describe a name or refer back to one. */
  readonly descriptors: DescriptorWords;
  /** Relative pronouns; `person` and `thing` hold those that tell people from things ("who" / "which"). */
  readonly relativePronouns: { readonly all: readonly string[]; readonly person: readonly string[]; readonly thing: readonly string[] };
  /** Endings of common nouns and adjectives that are seldom surnames ("ing", "ment"). */
  readonly commonNounEndings: readonly string[];
  /** Words skipped between two mentions when reading a relation ("is", "now", "qui"). */
  readonly relationFillerWords: ReadonlySet<string>;
  /** Words that join two mentions in a list ("and", "as well", "et"). */
  readonly coordinationWords: ReadonlySet<string>;
  /** Words that introduce the agent after a passive verb ("by", "par"): "X is supplied by Y" states Y … X. */
  readonly relationAgentWords: ReadonlySet<string>;
  /** Words (as written, lower case) that a hard-wrapped line may end with inside a sentence ("the", "à"). */
  readonly lineConnectingWords: ReadonlySet<string>;
  readonly abbreviations: SentenceAbbreviations;
  readonly dates: DateWords;
  readonly temporal: TemporalWords;
  readonly questionPhrasing: QuestionPhrasing;
  /** Words that describe the corpus rather than its content ("themes", "documents", "ensemble"). */
  readonly corpusMetaWords: ReadonlySet<string>;
  /**
   * How the language makes the adjective of a country's people, where it writes it capitalised
   * ("Welsh", "Jamaican"): a country name's ending and what replaces it ("a" → "an"), and the
   * adjectives no ending makes ("english", "dutch"). Absent where such adjectives are lower case ("américain").
   */
  readonly nationalityAdjectives?: { readonly endings: ReadonlyArray<readonly [string, string]>; readonly irregular: ReadonlySet<string> };
  readonly concerns: ConcernWords;
  /** How documents in this language are recognised. */
  readonly detection: LanguageDetection;
  /** True for a word of the language's dictionary (lower case, accent-free); false when the pack has none. */
  isDictionaryWord(word: string): boolean;
  /**
   * True for a word of the language's whole lexicon, rare and technical words included ("ropeway",
   * "metrology"), lower case and accent-free; a pack without a larger lexicon leaves it out (its
   * dictionary then stands for it).
   */
  isLexiconWord?(word: string): boolean;
  /** This language's share of the default schema's cue words and relation phrases (as written). */
  readonly schemaCues: SchemaCues;
}

/** A light suffix-stripping stem: irregular forms first, then the first listed suffix that leaves three letters. */
export interface SuffixStemRules {
  readonly irregularForms: Readonly<Record<string, string>>;
  readonly suffixes: readonly string[];
}

/** Words around person and organisation names. */
export interface NameWords {
  /** Honorific titles before a person's name ("dr", "mme", "m"). */
  readonly titles: ReadonlySet<string>;
  /** Titles as written with their period ("Dr.", "Mme.") so tokenising keeps the period. */
  readonly abbreviatedTitles: readonly string[];
  /** Lower-case words that join the parts of one name ("of", "de", "von", "&"). */
  readonly connectors: ReadonlySet<string>;
  /** Connectors that between two names more often mark possession ("le site de Vernon de …"). */
  readonly possessiveConnectors: ReadonlySet<string>;
  /** Elided prefixes dropped before a capitalised word ("l" in "l'Usine"). */
  readonly elisionPrefixes: readonly string[];
  /**
   * What joins two capitalised words into one name after a space, as written, lower case: an elided
   * word ("d'" in "Val d'Aubrec", written straight to the next word) or a sign and its space ("& ").
   * An apostrophe stands for both ' and ’.
   */
  readonly joiningGaps: readonly string[];
  /** Endings (after an apostrophe) dropped from a name as possessive marks ("s" in "Kelvane's"). */
  readonly possessiveEndings: readonly string[];
  /** Particles inside a person's name, lower case and accent-free ("le" in "Gaëlle Le Moal", "van" in "Anna van Dijk"). */
  readonly surnameParticles: ReadonlySet<string>;
  /** Prepositions that take two things joined by a coordination word ("between", "entre"): after one, "A and B" names two, whatever their length. */
  readonly pairPrepositions: ReadonlySet<string>;
}

/** Function words around descriptions ("the firm X", "X is a supplier", "the company" said again). */
export interface DescriptorWords {
  /** Articles before a describing noun ("the firm X", "le cabinet X") or at the head of an apposition. */
  readonly articles: ReadonlySet<string>;
  /** Definite articles and demonstratives that refer back to something named before ("the company", "cette société"). */
  readonly referring: ReadonlySet<string>;
  /** Adjectives that may stand between such an article and its noun and still refer back ("the new contractor", "le nouveau prestataire"), accent-free. */
  readonly referringAdjectives: ReadonlySet<string>;
  /** Nouns of an organisation's own units, written next to a unit's name ("the Works team", "l'équipe Accueil"), accent-free: what they name is part of the organisation, not a firm it deals with. */
  readonly unitNouns: ReadonlySet<string>;
  /** Copulas that introduce a description ("X is a …", "X est un …"), as word sequences. */
  readonly copulas: readonly (readonly string[])[];
  /** Words that tie a noun to the name it describes ("the site of X", "le site de X"); an apostrophe stands for both ' and ’. */
  readonly linkingWords: readonly string[];
  /** Endings of agent nouns, the nouns for who does a trade ("supplier", "operator", "hébergeur", "prestataire"), accent-free. */
  readonly agentNounEndings: readonly string[];
  /** Nouns a title before a name says of the person ("Dr" → "doctor"), accent-free: they describe the name as a written noun would. */
  readonly titleNouns: Readonly<Record<string, readonly string[]>>;
  /** Whether a noun phrase's head noun comes first ("hébergeur certifié", "Quai de la Fosse") or last ("grant-giving charity", "Velbrook Quay"). */
  readonly headFirst: boolean;
}

/** Known abbreviations (as written) and how a period after each behaves; see `AbbreviationKind`. */
export interface SentenceAbbreviations {
  /** Safe in text of any language. */
  readonly shared: AbbreviationLists;
  /** Applied only to text of this language ("art.", "Me." would be words elsewhere). */
  readonly ownOnly: AbbreviationLists;
}

/** Abbreviations grouped by how a period after them behaves. */
export interface AbbreviationLists {
  readonly neverEnds: readonly string[];
  readonly endsBeforeCapital: readonly string[];
  readonly endsUnlessNumber: readonly string[];
}

/** Words of written dates. */
export interface DateWords {
  /** Full month names (accent-free) and their number, as running text writes dates. */
  readonly months: Readonly<Record<string, number>>;
  /** Every written month form (full, abbreviated, with and without accents; lower case) and its number. */
  readonly monthForms: Readonly<Record<string, number>>;
  /** Full weekday names (accent-free). */
  readonly weekdays: readonly string[];
  /** Abbreviated weekday names (lower case), accepted before a standalone date. */
  readonly weekdayAbbreviations: readonly string[];
  /** Endings written after a day number ("st", "er"; "." in German). */
  readonly ordinalSuffixes: readonly string[];
  /** True when the language writes the month before the day ("May 1, 2024"). */
  readonly monthBeforeDay: boolean;
  /** Words that may stand before the day number ("le 1er avril"). */
  readonly dayPrefixes: readonly string[];
  /** Labels (as written, lower case) that introduce a date line, in the order they are tried ("published", "publié le"). */
  readonly dateLabels: readonly string[];
}

/** Words about time in questions. */
export interface TemporalWords {
  /** Words that ask for the present state ("currently", "desormais"): the latest fact is preferred. */
  readonly latestWords: readonly string[];
  /** Words for an earlier state ("former", "previously"). */
  readonly formerWords: readonly string[];
  /** Phrases saying a fact holds for the time being, until a permanent one ("interim", "acting", « par intérim »). */
  readonly interimPhrases: readonly string[];
  /** Every word that makes a question about time (now, former, before, since…). */
  readonly questionWords: readonly string[];
  /** Phrases that make a question about time beyond single words ("in 2024"). */
  readonly questionPatterns: readonly RegExp[];
  /** How a sentence says when its fact holds (read at extraction; phrases as written, matched accent-free on whole words). */
  readonly validity: ValidityPhrases;
  /** What opens a subordinate clause in a question: a date after one dates the event the question starts from, not the fact it asks for. */
  readonly clauseMarkers: ClauseMarkers;
  /** How a question asks what changed about something between two dates, and the words its answer uses. */
  readonly changes: ChangeWords;
}

/**
 * Words that open a subordinate clause ("the tram that derailed …", "the depot where a fire broke out …",
 * "the tram involved in the fault …", "le site contrôlé par …"), accent-free and lower case: relative words,
 * and past participles (by ending, or listed when irregular) when a preposition follows them. Endings are
 * matched on the lower-case word as written ("contrôlé"), the other words accent-free.
 */
export interface ClauseMarkers {
  /** Words that open a clause besides the pack's `relativePronouns` ("that", "where", "où"). */
  readonly relativeWords: readonly string[];
  readonly participleEndings: readonly string[];
  readonly participles: readonly string[];
  readonly prepositions: readonly string[];
}

/** "What changed about X between D1 and D2": the question's phrases and the answer's words for each kind of change. */
export interface ChangeWords {
  /** Phrases that ask what changed ("what changed", "qu'est-ce qui a changé"), matched accent-free and lower case as whole words; the question must also write two dates. */
  readonly questionPhrases: readonly string[];
  /** The answer's words: a fact began, ended by its own sentence, was closed by a newer fact ("by" names it), or was withdrawn. */
  readonly started: string;
  readonly ended: string;
  readonly superseded: string;
  readonly by: string;
  readonly invalidated: string;
  /** Said when no fact changed between the two dates. */
  readonly nothing: string;
}

/** Phrases that tell when the fact a sentence states begins or ends. */
export interface ValidityPhrases {
  /** Just before a date, it is the fact's first day ("from", "since", "à compter du"). */
  readonly fromPhrases: readonly string[];
  /** Just before a date, it is the fact's last day ("until", "jusqu'au"). */
  readonly untilPhrases: readonly string[];
  /** A range of two dates: an opener before the first ("between", "du") and a closer before the second ("and", "au"). */
  readonly rangeOpeners: readonly string[];
  readonly rangeClosers: readonly string[];
  /** Anywhere in the sentence: its fact ends at the sentence's date, or by the time of writing ("retires", "former", "prend fin"). */
  readonly endingPhrases: readonly string[];
  /** Anywhere in the sentence: its fact begins at the sentence's date ("takes over", "appointed"); wins over an ending phrase. */
  readonly startingPhrases: readonly string[];
  /** Anywhere in the sentence: its fact goes on as before ("continues", "remains", "inchangé"); an ending phrase then ends something else ("… continues unchanged; the guarantees previously given …"). */
  readonly continuingPhrases: readonly string[];
  /** Between two names, the first takes the second's place ("replaces", "takes over from", "succède à"). */
  readonly replacingPhrases: readonly string[];
  /** Between two names, the second takes the first's place ("was replaced by", "remplacé par"). */
  readonly replacedByPhrases: readonly string[];
  /** Spans of time written as a count and a unit ("for three years", "depuis six mois"). */
  readonly durations: DurationPhrases;
  /** A possessive and a noun for who comes next ("his successor", « sa remplaçante »): the name after it takes the place of the person named just before. */
  readonly successorPhrases: readonly string[];
}

/** How a language writes a span of time: openers, numbers in words and units. */
export interface DurationPhrases {
  /** Just before "<count> <unit>": the fact lasts that long from its start ("for", "pour une durée de"). */
  readonly forwardOpeners: readonly string[];
  /** Just before "<count> <unit>": the fact has held that long when the document is written ("depuis", "for the past"). */
  readonly backwardOpeners: readonly string[];
  /** Counts written as words ("three", "trois"; "a" for one); digits are read in every language. */
  readonly numberWords: Readonly<Record<string, number>>;
  /** Unit words, singular and plural, with the unit each means. */
  readonly units: Readonly<Record<string, DurationUnit>>;
}

export type DurationUnit = 'years' | 'months' | 'weeks' | 'days';

/** How questions of each kind are phrased; each RegExp is tested on accent-free, lower-cased questions. */
export interface QuestionPhrasing {
  /** Questions about the whole corpus ("main themes", "dans l'ensemble"). */
  readonly corpusWide: readonly RegExp[];
  /** Questions asking for every item of a kind ("which … all", "quels … tous"). */
  readonly listAll: readonly RegExp[];
  /** Counting and aggregate phrases ("how many", "le plus"). */
  readonly aggregatePhrases: readonly string[];
  /** Plural words asking about concerns in general ("risks", "problemes"). */
  readonly concernsInGeneralWords: readonly string[];
  /**
   * Phrases that open a request and carry none of its content ("can you tell me", "dites-moi"), as written (any case):
   * "Tell me which firm audited X" is read as "which firm audited X".
   */
  readonly requestOpeners: readonly string[];
  /** Contracted question words, as written, with what they stand for ("what's" → "what is"). */
  readonly contractions: ReadonlyArray<readonly [contracted: string, full: string]>;
  /** Pronouns a request verb takes before its object ("give me the …", "donnez-moi les …"), dropped with no loss. */
  readonly requestPronouns: readonly string[];
  /** Phrases that ask for the answer's name rather than the answer, with what stands in their place: "the name of the firm that …" asks for "the firm that …". */
  readonly nameOfPhrases: ReadonlyArray<readonly [phrase: string, replacement: string]>;
  /**
   * How a question asks what caused something and how a text states a cause, accent-free and lower case, apostrophes
   * read as spaces: a "what"-question with one of `questionPhrases` ("what set off the alarm", "qu'est-ce qui a déclenché
   * le sinistre") asks for a cause, which answers in a sentence holding one of `evidencePhrases` ("triggered by",
   * "found that the fire started when", « provoqué par », « l'expertise conclut à »), whatever words of the question it repeats.
   * A question opening with one of `questionWords` ("why", « pourquoi ») asks for a cause whatever follows.
   */
  readonly causes: { readonly questionWords: readonly string[]; readonly questionPhrases: readonly string[]; readonly evidencePhrases: readonly string[] };
}

/** The concern lexicon of the language. */
export interface ConcernWords {
  /** Adverse-event words by family ("schedule", "supply", …), each read with its regular inflections. */
  readonly families: Readonly<Record<string, readonly string[]>>;
  /** Words that mark a sentence as reporting a concern without naming one, read as written. */
  readonly markerWords: readonly string[];
  /** Question words that ask about concerns, read as written. */
  readonly headWords: readonly string[];
  /** The word that names a whole family where the language has one ("cybersecurity" for security), accent-free: a theme is called by it when its documents use it. */
  readonly familyNames: Readonly<Record<string, string>>;
}

/** How texts of the language are recognised among others. */
export interface LanguageDetection {
  /** Very common words (as written, lower case) that are not also common in the other built-in languages. */
  readonly commonWords: ReadonlySet<string>;
  /** Letters typical of the language, used to break a tie between word counts. */
  readonly distinctiveLetters?: RegExp;
}

/** Cue words of node types and phrases of edge types, by type name. */
export interface SchemaCues {
  readonly nodeTypes: Readonly<Record<string, { readonly before?: readonly string[]; readonly after?: readonly string[]; readonly suffixes?: readonly string[] }>>;
  readonly edgeTypes: Readonly<Record<string, { readonly patterns: readonly string[]; readonly passivePatterns: readonly string[] }>>;
}

/** How a period after a known abbreviation behaves. */
export type AbbreviationKind = 'never-ends' | 'ends-before-capital' | 'ends-unless-number';
