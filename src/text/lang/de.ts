import { stemmer } from '@orama/stemmers/german';
import type { LanguagePack } from './language-pack.js';
import { maintainedStopWords } from './maintained-stop-words.js';
import { accentFreeStemmer } from './suffix-stem.js';
import { listWords, numberMonths, plainWords, plainWordSet } from './word-lists.js';

const MONTHS = listWords('januar februar märz april mai juni juli august september oktober november dezember');
const MONTH_ABBREVIATIONS = listWords('jan feb mär apr mai jun jul aug sep okt nov dez');
const none = { neverEnds: [], endsBeforeCapital: [], endsUnlessNumber: [] };

/**
 * German, a pack added in one file: stopwords-iso stop words and the Snowball stemmer, no dictionary.
 * It is not registered by default (`registerLanguagePack(germanPack)` adds it): once registered,
 * checks made without a known language (stop words, month names) also read its words.
 */
export const germanPack: LanguagePack = {
  code: 'de',
  get stopWords() {
    return maintainedStopWords('de');
  },
  get maintainedStopWords() {
    return maintainedStopWords('de');
  },
  stem: accentFreeStemmer(stemmer),
  snowballStem: accentFreeStemmer(stemmer),
  nonNameWords: plainWordSet('herr frau sehr geehrte geehrter betreff protokoll bericht sitzung gruss grusse'),
  questionWords: plainWordSet('wer wen wem wessen was welche welcher welches wo wohin woher wann warum wie derzeit aktuell'),
  answerTypeWords: { person: ['wer', 'wen', 'wem'], place: ['wo'], choice: ['welche', 'welcher', 'welches', 'was'], objectAuxiliaries: [], imperatives: plainWords('nennen nenne nennt liste listen gib geben zahle zahlen') },
  organisationWordPrefixes: ['firma', 'unternehmen', 'gesellschaft', 'konzern'],
  names: {
    titles: plainWordSet('dr prof herr frau'),
    abbreviatedTitles: listWords('Dr. Prof. Hr. Fr.'),
    connectors: plainWordSet('von der und'),
    possessiveConnectors: plainWordSet('der'),
    elisionPrefixes: [],
    joiningGaps: ['& '],
    possessiveEndings: [],
    surnameParticles: plainWordSet('von zu vom van der'),
    pairPrepositions: plainWordSet('zwischen'),
  },
  articles: plainWordSet('der die das den dem des ein eine einen einem einer sein seine ihr ihre'),
  determiners: plainWordSet('der die das dieser diese dieses jener jene'),
  locativePrepositions: plainWordSet('in'),
  descriptors: {
    articles: plainWordSet('der die das ein eine'),
    referring: plainWordSet('der die das dieser diese dieses'),
    referringAdjectives: plainWordSet('neue neuer neuen gleiche gleichen bisherige bisherigen'),
    unitNouns: plainWordSet('team abteilung referat ausschuss bereich'),
    copulas: ['ist ein', 'ist eine', 'ist der', 'ist die', 'ist das', 'war ein', 'war eine'].map(listWords),
    agentNounEndings: ['er', 'ist'],
    titleNouns: { dr: ['doktor'], prof: ['professor'] },
    headFirst: false,
    linkingWords: ['von'],
  },
  relativePronouns: { all: ['der', 'die', 'das', 'welcher', 'welche', 'welches'], person: [], thing: [] },
  commonNounEndings: ['ung', 'heit', 'keit', 'schaft', 'ion'],
  relationFillerWords: plainWordSet('der die das ein eine ist sind war waren wurde wird auch jetzt derzeit noch'),
  coordinationWords: plainWordSet('und oder sowie'),
  relationAgentWords: plainWordSet('von durch'),
  lineConnectingWords: new Set(listWords('der die das den dem des ein eine und oder von zu mit in für auf an bei')),
  abbreviations: {
    shared: none,
    ownOnly: { neverEnds: listWords('Hr Fr z.B d.h bzw ca vgl'), endsBeforeCapital: listWords('usw GmbH'), endsUnlessNumber: listWords('Nr Jan Feb Apr Aug Sept Okt Nov Dez') },
  },
  dates: {
    months: numberMonths(plainWords(MONTHS.join(' '))),
    monthForms: { ...numberMonths(MONTHS), ...numberMonths(plainWords(MONTHS.join(' '))), ...numberMonths(MONTH_ABBREVIATIONS), maerz: 3, jänner: 1 },
    weekdays: listWords('montag dienstag mittwoch donnerstag freitag samstag sonntag'),
    weekdayAbbreviations: listWords('mo di mi do fr sa so'),
    // "3. März 2024".
    ordinalSuffixes: ['.'],
    monthBeforeDay: false,
    dayPrefixes: ['am'],
    dateLabels: ['datum', 'veröffentlicht', 'veröffentlicht am', 'aktualisiert', 'aktualisiert am', 'stand'],
  },
  temporal: {
    latestWords: plainWords('derzeit aktuell jetzt heute neueste inzwischen'),
    formerWords: plainWords('ehemalig ehemalige ehemaliger früher vorherige vorheriger'),
    interimPhrases: ['kommissarisch', 'kommissarische', 'kommissarischer', 'interimistisch', 'vorübergehend', 'übergangsweise'],
    questionWords: plainWords('derzeit aktuell jetzt heute neueste ehemalig ehemalige früher vorherige vor nach seit bis wann'),
    questionPatterns: [/\bim jahr (19|20)\d\d\b/],
    clauseMarkers: {
      relativeWords: plainWords('wo als'),
      participleEndings: [],
      participles: [],
      prepositions: plainWords('in an auf bei von mit zu aus'),
    },
    validity: {
      fromPhrases: ['ab', 'ab dem', 'seit', 'seit dem'],
      untilPhrases: ['bis', 'bis zum', 'bis ende'],
      rangeOpeners: ['vom', 'von', 'zwischen dem'],
      rangeClosers: ['bis', 'bis zum', 'und dem'],
      endingPhrases: ['ruhestand', 'verlässt', 'verließ', 'endet', 'endete', 'ehemalige', 'ehemaliger', 'früher', 'scheidet aus', 'gekündigt'],
      startingPhrases: ['übernimmt', 'übernahm', 'ernannt', 'nachfolger', 'nachfolgerin', 'neue', 'neuer', 'tritt an'],
      continuingPhrases: ['bleibt', 'bleiben', 'unverändert', 'weiterhin'],
      replacingPhrases: ['ersetzt', 'folgt auf', 'tritt die nachfolge von', 'anstelle von'],
      replacedByPhrases: ['ersetzt durch', 'abgelöst von', 'abgelöst durch'],
      successorPhrases: ['sein nachfolger', 'seine nachfolgerin', 'ihr nachfolger', 'ihre nachfolgerin'],
      durations: {
        forwardOpeners: ['für', 'für die dauer von', 'für einen zeitraum von'],
        backwardOpeners: ['seit'],
        numberWords: { ein: 1, eine: 1, einen: 1, einem: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12, zwanzig: 20, dreißig: 30 },
        units: { jahr: 'years', jahre: 'years', jahren: 'years', monat: 'months', monate: 'months', monaten: 'months', woche: 'weeks', wochen: 'weeks', tag: 'days', tage: 'days', tagen: 'days' },
      },
    },
    changes: {
      questionPhrases: ['was hat sich geandert', 'was anderte sich', 'welche anderungen', 'was hat sich verandert'],
      started: 'Beginn',
      ended: 'Ende',
      superseded: 'abgelöst',
      by: 'durch',
      invalidated: 'zurückgezogen',
      nothing: 'Keine datierte Tatsache hat sich geändert',
    },
  },
  questionPhrasing: {
    corpusWide: [/\b(wichtigsten?|haupt)\s*(themen|risiken|probleme)\b/, /\bin (allen|diesen) dokumenten\b/, /\binsgesamt\b/, /\bzusammenfassung\b/],
    listAll: [/\bwelche\b.*\balle\b/],
    aggregatePhrases: ['wie viele', 'anzahl', 'am meisten', 'am wenigsten'],
    concernsInGeneralWords: plainWords('risiken probleme herausforderungen gefahren bedenken schwächen'),
    requestOpeners: ['können sie mir sagen', 'kannst du mir sagen', 'sagen sie mir', 'sag mir', 'ich möchte wissen', 'bitte'],
    contractions: [],
    requestPronouns: ['mir', 'uns'],
    nameOfPhrases: [['den namen des', 'den'], ['den namen der', 'die'], ['der name des', 'der'], ['der name der', 'die']],
    causes: {
      questionWords: ['warum', 'weshalb', 'wieso'],
      questionPhrases: ['verursacht', 'verursachte', 'ausgelost', 'loste', 'ursache', 'grund', 'fuhrte zu'],
      evidencePhrases: ['verursacht durch', 'ausgelost durch', 'wegen', 'aufgrund', 'infolge', 'zuruckzufuhren auf', 'ursache', 'ergab dass', 'stellte fest', 'fuhrte zu', 'verursachte', 'loste aus'],
    },
  },
  corpusMetaWords: plainWordSet('haupt wichtigsten thema themen dokument dokumente dokumenten insgesamt zusammenfassung'),
  concerns: {
    families: {
      schedule: plainWords('verzögerung verzögerungen verspätung rückstand'),
      supply: plainWords('engpass engpässe lieferengpass mangel knappheit'),
      failure: plainWords('ausfall ausfälle störung störungen defekt defekte panne'),
      security: plainWords('angriff cyberangriff sicherheitslücke betrug diebstahl'),
    },
    markerWords: plainWords('risiko risiken gefahr gefahren problem probleme kritisch schwerwiegend dringend warnung'),
    headWords: plainWords('risiko risiken gefahr gefahren problem probleme herausforderung herausforderungen schwäche schwächen'),
    familyNames: {},
  },
  detection: {
    commonWords: new Set(listWords('der die das und ist nicht ein eine mit sich auf für dem den des im zu von wird werden wurde auch nach bei aus oder sind über')),
    distinctiveLetters: /[äöüß]/giu,
  },
  isDictionaryWord: () => false,
  schemaCues: {
    nodeTypes: {
      Person: { before: ['herr', 'frau', 'dr', 'dr.', 'prof', 'prof.'], after: ['sagte', 'erklärte', 'berichtete'] },
      Organisation: { suffixes: ['gmbh', 'ag', 'kg', 'se', 'gruppe', 'werke'], before: ['firma', 'unternehmen', 'lieferant', 'hersteller'] },
      Location: { suffixes: ['straße', 'strasse', 'platz', 'bahnhof', 'werk'], before: ['in', 'bei', 'standort'] },
    },
    edgeTypes: {
      LEADS: { patterns: ['leitet', 'führt', 'leiter von'], passivePatterns: ['geleitet von', 'geführt von'] },
      WORKS_FOR: { patterns: ['arbeitet für', 'arbeitet bei'], passivePatterns: ['beschäftigt'] },
      SUPPLIES: { patterns: ['liefert', 'lieferant von'], passivePatterns: ['geliefert von'] },
      MAKES: { patterns: ['stellt her', 'produziert', 'fertigt'], passivePatterns: ['hergestellt von'] },
      LOCATED_IN: { patterns: ['mit sitz in', 'in'], passivePatterns: [] },
      OWNS: { patterns: ['besitzt', 'übernahm', 'erwarb', 'hat übernommen', 'eigentümer von'], passivePatterns: ['übernommen von', 'erworben von', 'im besitz von'] },
    },
  },
};
