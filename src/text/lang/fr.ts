import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { stemmer } from '@orama/stemmers/french';
import { stripAccents } from '../../core/normalise.js';
import type { LanguagePack, SuffixStemRules } from './language-pack.js';
import { maintainedStopWords } from './maintained-stop-words.js';
import { accentFreeStemmer, createSuffixStemmer } from './suffix-stem.js';
import { frenchSchemaCues } from './fr-schema-cues.js';
import { listWords, numberMonths, plainWords, plainWordSet } from './word-lists.js';

const require = createRequire(import.meta.url);

// The imperfect ("qui dirigeait", "qui pilotait", "fournissaient") stems as the present does; nouns and adjectives in -ait(s), -aite(s) keep one stem.
const stemRules: SuffixStemRules = { irregularForms: {}, suffixes: ['ations', 'ation', 'ments', 'ment', 'eaient', 'aient', 'eait', 'aites', 'aite', 'aits', 'ait', 'ers', 'er', 'es', 's', 'e'] };

const FUNCTION_WORDS = `
le la les l un une des du de d au aux ce cet cette ces il elle ils elles nous vous je tu on son sa ses leur leurs
et ou mais donc or ni car que qui quoi dont où quand comme si pour par avec sans sous sur dans entre vers chez en
est sont était étaient été être a ont avait avaient sera seront fait faire plus moins très aussi encore déjà
tout toute tous toutes chaque autre autres plusieurs aucun aucune`;

const NON_NAME_WORDS = 'objet compte rendu réunion annonce rapport note madame monsieur bonjour cordialement';

const MONTHS = listWords('janvier février mars avril mai juin juillet août septembre octobre novembre décembre');
const MONTH_ABBREVIATIONS = listWords('janv févr mars avr mai juin juil août sept oct nov déc');

let dictionary: Set<string> | undefined;

function loadDictionary(): Set<string> {
  const words = JSON.parse(readFileSync(require.resolve('an-array-of-french-words'), 'utf8')) as string[];
  return new Set(words.map((word) => stripAccents(word).toLowerCase()));
}

/** French. */
export const frenchPack: LanguagePack = {
  code: 'fr',
  stopWords: plainWordSet(FUNCTION_WORDS),
  get maintainedStopWords() {
    return maintainedStopWords('fr');
  },
  stem: createSuffixStemmer(stemRules),
  snowballStem: accentFreeStemmer(stemmer),
  stemRules,
  nonNameWords: plainWordSet(NON_NAME_WORDS),
  questionWords: plainWordSet('qui que quoi quel quelle quels quelles ou quand pourquoi comment lequel laquelle actuellement'),
  answerTypeWords: { person: ['qui'], place: ['ou'], choice: ['quel', 'quelle', 'quels', 'quelles'], objectAuxiliaries: [], imperatives: plainWords('citez nommez indiquez donnez enumerez listez identifiez precisez mentionnez cite nomme indique donne enumere liste identifie precise'), thingPhrases: ['qu est ce qui'] },
  organisationWordPrefixes: ['societe', 'entreprise', 'organisme', 'organisation', 'firme'],
  names: {
    titles: plainWordSet('mme mlle m dre pr me'),
    abbreviatedTitles: listWords('Mme. Mlle. M. Dre. Pr. Me.'),
    connectors: plainWordSet('de du des la le'),
    possessiveConnectors: plainWordSet('de du des'),
    elisionPrefixes: listWords('l d qu n s j c m t'),
    joiningGaps: ["d'", '& '],
    possessiveEndings: [],
    surnameParticles: plainWordSet('le la de du des'),
    pairPrepositions: plainWordSet('entre'),
  },
  articles: plainWordSet('le la les l un une son sa ses leur'),
  determiners: plainWordSet('le la les ce cette ces'),
  locativePrepositions: plainWordSet('a'),
  descriptors: {
    articles: plainWordSet('le la l un une'),
    referring: plainWordSet('le la l ce cet cette'),
    referringAdjectives: plainWordSet('nouveau nouvel nouvelle meme actuel actuelle'),
    unitNouns: plainWordSet('equipe service direction departement pole cellule comite commission bureau'),
    copulas: ['est un', 'est une', 'est le', 'est la', 'est l', 'etait un', 'etait une'].map(listWords),
    agentNounEndings: ['eur', 'euse', 'ier', 'iere', 'aire', 'iste'],
    titleNouns: { dr: ['medecin', 'docteur'], dre: ['medecin', 'docteure'], pr: ['professeur'] },
    headFirst: true,
    linkingWords: ['de', 'du', 'des', "d'"],
  },
  relativePronouns: { all: ['qui', 'que', 'dont'], person: [], thing: [] },
  commonNounEndings: ['s', 'al', 'ique', 'ive', 'ment', 'ion'],
  relationFillerWords: plainWordSet('le la les l un une est sont etait ete sera qui aussi desormais actuellement'),
  coordinationWords: plainWordSet('et ou'),
  relationAgentWords: plainWordSet('par'),
  lineConnectingWords: new Set(listWords('le la les de des du et ou à au aux en un une pour par sur avec dans que qui')),
  abbreviations: {
    shared: {
      neverEnds: listWords('MM Mme Mmes Mlle Mlles'),
      endsBeforeCapital: listWords('Cie Ltée'),
      endsUnlessNumber: listWords('janv févr avr juil sept oct nov déc'),
    },
    // Forms that would be ordinary words in English ("art.", "me.").
    ownOnly: { neverEnds: listWords('Me Pr Mgr art chap env éd coll av apr'), endsBeforeCapital: [], endsUnlessNumber: [] },
  },
  dates: {
    months: numberMonths(plainWords(MONTHS.join(' '))),
    monthForms: { ...numberMonths(MONTHS), ...numberMonths(plainWords(MONTHS.join(' '))), ...numberMonths(MONTH_ABBREVIATIONS) },
    weekdays: listWords('lundi mardi mercredi jeudi vendredi samedi dimanche'),
    weekdayAbbreviations: [],
    ordinalSuffixes: ['er'],
    monthBeforeDay: false,
    dayPrefixes: ['le'],
    dateLabels: ['publié', 'publiée', 'publié le', 'publiée le', 'mis à jour le', 'le'],
  },
  temporal: {
    latestWords: plainWords("actuellement aujourd'hui désormais actuel actuelle"),
    // Not yet read by question analysis (its French time words are those below).
    formerWords: plainWords('ancien ancienne anciens anciennes précédent précédente auparavant'),
    interimPhrases: ['par intérim', 'intérim', 'intérimaire', 'à titre intérimaire', 'à titre provisoire', 'provisoirement', 'temporairement'],
    questionWords: plainWords("actuellement aujourd'hui desormais avant apres depuis quand"),
    questionPatterns: [],
    clauseMarkers: {
      relativeWords: plainWords('qu ou quand lorsque'),
      participleEndings: ['é', 'ée', 'és', 'ées'],
      participles: plainWords('fait faite mis mise pris prise construit construite ouvert ouverte produit produite'),
      prepositions: plainWords('a au aux en sur par dans pour chez lors'),
    },
    validity: {
      fromPhrases: ['à compter du', 'à compter de', 'à partir du', 'à partir de', 'dès le', 'dès', 'depuis le', 'depuis'],
      untilPhrases: ["jusqu'au", "jusqu'à", "jusqu'en"],
      rangeOpeners: ['du', 'de', 'entre le', 'entre'],
      rangeClosers: ['au', 'à', 'et le', 'et'],
      endingPhrases: [
        'retraite', 'quitte', 'quittera', 'quitté', 'quittait', 'départ', "s'achève", "s'achèvera", "s'est achevé", "s'est achevée", 'prend fin',
        'prendra fin', 'a pris fin', 'expire', 'expirera', 'dénoncé', 'dénoncée', 'résilié', 'résiliée', 'cesse', 'cessera', 'a cessé',
        "n'est plus", 'ancien', 'ancienne', 'anciens', 'anciennes', 'auparavant',
      ],
      startingPhrases: [
        'prise de fonction', 'prendra ses fonctions', 'prend ses fonctions', 'succéder', 'succède', 'succédera', 'nommé', 'nommée', 'rejoint',
        'rejoindra', 'remplace', 'remplacera', 'nouveau', 'nouvelle', 'nouvel', 'désormais', 'confiées', 'confiés', 'confiée', 'confié',
      ],
      continuingPhrases: ['se poursuit', 'se poursuivra', 'continue', 'continuera', 'reste', 'restera', 'demeure', 'demeurera', 'inchangé', 'inchangée', 'inchangés', 'inchangées'],
      replacingPhrases: [
        'remplace', 'remplacera', 'a remplacé', 'remplaçant', 'succède à', 'succédera à', 'a succédé à', 'succéder à', 'prend le relais de',
        'prendra le relais de', 'a pris le relais de', 'à la place de', 'en remplacement de',
      ],
      replacedByPhrases: ['remplacé par', 'remplacée par', 'remplacés par', 'remplacées par', 'cède la place à', 'passe le relais à'],
      successorPhrases: ['son successeur', 'sa successeure', 'son remplaçant', 'sa remplaçante', 'leur successeur', 'leur remplaçant', 'leur remplaçante'],
      durations: {
        forwardOpeners: ['pour', 'pour une durée de', "d'une durée de", 'pendant', 'durant', 'pour une période de', 'sur une période de'],
        backwardOpeners: ['depuis'],
        numberWords: { un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12, 'dix-huit': 18, vingt: 20, trente: 30 },
        units: { an: 'years', ans: 'years', année: 'years', années: 'years', mois: 'months', semaine: 'weeks', semaines: 'weeks', jour: 'days', jours: 'days' },
      },
    },
    changes: {
      questionPhrases: ["qu'est-ce qui a change", "qu'est-ce qui avait change", 'qu est ce qui a change', 'quels changements', 'quels sont les changements', "qu'est-ce qui change", 'ce qui a change'],
      started: 'début',
      ended: 'fin',
      superseded: 'remplacé',
      by: 'par',
      invalidated: 'retiré',
      nothing: "Aucun fait daté n'a changé",
    },
  },
  questionPhrasing: {
    // The English list's forms: "main/recurring themes, risks, issues…", "across/in these documents", "most often", "in general", "overall", "summary".
    corpusWide: [
      /\b(grands|grandes|principaux|principales|majeurs|majeures|recurrents|recurrentes)\s+(themes|sujets|enjeux|risques|problemes|defis|preoccupations|tendances|difficultes)\b/,
      /\b(themes|sujets|enjeux|risques|problemes|defis|preoccupations|tendances|difficultes)\s+(principaux|principales|majeurs|majeures|recurrents|recurrentes|communs|communes)\b/,
      /\b(dans|a travers|parmi|sur) (ces|les|tous les|l'ensemble des) (documents|textes|sources|fichiers|rapports)\b/,
      /\ble plus (souvent|frequemment)\b/,
      /\bdans l'ensemble\b/,
      /\bl'ensemble des documents\b/,
      /\ben general\b/,
      /\bde (maniere|facon) generale\b/,
      /\bglobalement\b/,
      /\bsynthese\b/,
      /\bresum(e|er|ez)\b/,
      /\bthemes?\b/,
    ],
    listAll: [/\b(quels|quelles)\b.*\b(tous|toutes)\b/, /\btravaill\w* avec\b/],
    aggregatePhrases: ['combien', 'nombre de', 'le plus', 'le moins'],
    concernsInGeneralWords: plainWords('risques problemes defis menaces difficultes'),
    requestOpeners: [
      'pouvez-vous me dire', 'pourriez-vous me dire', 'peux-tu me dire', 'pourrais-tu me dire', 'pouvez-vous nous dire', 'dites-moi', 'dis-moi', 'dites-nous',
      'je voudrais savoir', "j'aimerais savoir", 'je souhaite savoir', 'je souhaiterais savoir', 'savez-vous', 'sais-tu',
      'pouvez-vous', 'pourriez-vous', "s'il vous plaît", 'merci de',
    ],
    contractions: [],
    requestPronouns: ['moi', 'nous'],
    nameOfPhrases: [['les noms des', 'les'], ['les noms de', 'les'], ['le nom de la', 'la'], ['le nom du', 'le'], ["le nom de l'", "l'"], ['le nom des', 'les'], ['le nom de', '']],
    causes: {
      questionWords: ['pourquoi'],
      // Not « responsable », « entraîné » or « explique »: « quel service est responsable de … », « quelle équipe entraîne … » ask for names.
      questionPhrases: ['cause', 'provoque', 'provoquee', 'declenche', 'declenchee', 'a l origine', 'origine', 'raison'],
      evidencePhrases: [
        'provoque par', 'provoquee par', 'provoques par', 'cause par', 'causee par', 'declenche par', 'declenchee par', 'du a', 'due a', 'dus a', 'dues a',
        'en raison de', 'en raison d', 'a l origine', 'resulte de', 'resulte d', 'imputable a', 'imputee a',
        'la cause', 'cause de', 'conclut a', 'conclut que', 'conclu a', 'conclu que', 'a montre que', 'a etabli que', 'a revele que', 'revele que', 'a permis d etablir', 'a provoque', 'a cause',
      ],
    },
  },
  corpusMetaWords: plainWordSet('grands grandes principaux principales majeurs majeures recurrents recurrentes sujets ensemble resume synthese globalement'),
  concerns: {
    families: {
      schedule: plainWords('retard retards retarde decalage glissement depassement'),
      supply: plainWords('penurie penuries rupture ruptures manque goulot perturbation perturbations'),
      failure: plainWords('defaillance defaillances panne pannes defaut defauts dysfonctionnement coupure coupures obsolete obsolescence'),
      deterioration: plainWords('rouille fissure fissures usure degradation deterioration fuite fuites affaissement vieillissement'),
      hazard: plainWords('inondation inondations crue crues tempete secheresse incendie incendies seisme canicule pollution contamination deversement'),
      security: plainWords('cybersecurite cyberattaque cyberattaques intrusion faille failles piratage fraude vulnerabilite vulnerabilites'),
      safety: plainWords('blessure blessures maladie epidemie toxicite'),
      compliance: plainWords(`non-conformite non-conformites infraction infractions amende amendes penalite penalites litige litiges
        contentieux resiliation resilie`),
      financial: plainWords('deficit perte pertes surcout surcouts faillite insolvabilite volatilite inflation dette'),
      people: plainWords('greve greves demission demissions absenteisme'),
      reputation: plainWords('plainte plaintes reclamation reclamations'),
    },
    markerWords: plainWords(`risque risques menace menaces danger dangers probleme problemes difficulte difficultes defi defis faiblesse faiblesses
      grave graves majeur majeure urgent alerte preoccupation preoccupations`),
    headWords: plainWords(`risque risques menace menaces danger dangers probleme problemes difficulte difficultes defi defis faiblesse faiblesses
      vulnerabilite vulnerabilites obstacle obstacles preoccupation preoccupations incident incidents enjeu enjeux`),
    familyNames: { schedule: 'retard', supply: 'penurie', failure: 'defaillance', security: 'cybersecurite', compliance: 'non-conformite' },
  },
  detection: {
    // Very common words that are not also common in English ("a", "en", "me" are left out).
    commonWords: new Set(listWords(`le la les de des du et est un une que qui dans pour pas sur au aux avec ce cette ces il elle ils nous vous
      sont été par plus mais ou où leur leurs son sa ses être avait ont lui aussi après selon l d qu`)),
    distinctiveLetters: /[àâäçéèêëîïôöùûüÿœæ]/giu,
  },
  isDictionaryWord(word) {
    dictionary ??= loadDictionary();
    return dictionary.has(word);
  },
  schemaCues: frenchSchemaCues,
};
