import type { SchemaCues } from './language-pack.js';

/** Prepositions after which a past participle introduces its complement ("livré par", "situé à", "intégré dans"). */
const PARTICIPLE_PREPOSITIONS = new Set(['par', 'à', 'dans', 'sur', 'avec', 'en']);

/**
 * A past participle agrees with what it describes: "livré par" is also "livrée par", "livrés par",
 * "livrées par" (and "fourni" → "fournie", "construit" → "construite"). Each phrase that starts with a
 * participle and a preposition gets its four forms, so no form is missing from one list and present in another.
 */
function withAgreement(phrases: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const phrase of phrases) {
    forms.add(phrase);
    const [participle, preposition, ...rest] = phrase.split(' ');
    // A masculine singular participle ("livré", "fourni", "rendu", "construit"); agreed forms are left as they are.
    if (!participle || !preposition || !PARTICIPLE_PREPOSITIONS.has(preposition) || !/(?:é|i|u|it)$/u.test(participle)) continue;
    for (const ending of ['e', 's', 'es']) forms.add([`${participle}${ending}`, preposition, ...rest].join(' '));
  }
  return [...forms];
}

/**
 * "de" contracts with the article after it: "responsable de" is also "responsable du", "responsable des"
 * and "responsable d'" ("cheffe du projet X", "directeur des achats"). Each relation phrase ending in "de"
 * gets those forms.
 */
function withContractions(phrases: readonly string[]): string[] {
  return [...new Set(phrases.flatMap((phrase) => (/ de$/u.test(phrase) ? [phrase, ...['du', 'des', "d'"].map((form) => phrase.replace(/de$/u, form))] : [phrase])))];
}

/** Agreement applied to every participle phrase of a table of cues, and contractions to every relation phrase. */
function agreeParticiples(cues: SchemaCues): SchemaCues {
  const agreed = (phrases: readonly string[]) => withContractions(withAgreement(phrases));
  return {
    nodeTypes: Object.fromEntries(Object.entries(cues.nodeTypes).map(([type, typeCues]) => [type, { ...typeCues, ...(typeCues.before ? { before: withAgreement(typeCues.before) } : {}) }])),
    edgeTypes: Object.fromEntries(Object.entries(cues.edgeTypes).map(([type, edge]) => [type, { patterns: agreed(edge.patterns), passivePatterns: agreed(edge.passivePatterns) }])),
  };
}

/** The French cue words and relation phrases of the default schema. */
export const frenchSchemaCues: SchemaCues = agreeParticiples({
  nodeTypes: {
    Person: {
      before: ['dre', 'dre.', 'pr', 'pr.', 'me', 'me.', 'madame', 'monsieur', 'mme', 'm.', 'mlle', 'docteur', 'professeur', 'cher', 'chère'],
      after: ['a déclaré', 'a expliqué', 'a rejoint', 'rejoint', 'dirige'],
    },
    Organisation: {
      suffixes: [
        'sa', 'sas', 'sarl', 'robotique', 'optique', 'électronique', 'assurances', 'transports', 'conseil', 'composants', 'logistique', 'industrie',
        'ingénierie', 'société', 'groupe', 'banque', 'fonds', 'université',
      ],
      before: [
        'société', 'entreprise', 'cabinet', 'fournisseur', 'prestataire', 'fabricant', 'groupe', 'agence', 'contrat avec', 'accord avec', 'signé avec', 'attribué à', 'confié à',
        'partenariat avec', 'fourni par', 'fabriqué par', 'construit par', 'entretenu par', 'installé par', 'mécène', 'financeur',
      ],
      // Contracts are won by firms: "X a remporté le marché", "X, attributaire du marché".
      after: ['a remporté le marché', 'remporte le marché', 'attributaire du marché'],
    },
    Location: {
      suffixes: [
        'rue', 'pont', 'gare', 'usine', 'quartier', 'ville', 'place', 'hôpital', 'clinique', 'école', 'lycée', 'musée', 'stade', 'entrepôt',
        'théâtre', 'salle', 'opéra', 'cinéma', 'château', 'halle', 'parc', 'jardin', 'aéroport', 'campus', 'bâtiment',
      ],
      before: [
        'près de', 'site de', 'ville de', 'usine de', 'basé à', 'située à', 'situé à', 'quai de', 'quai du', 'port de', 'écluse de', 'bassin de',
        'station de', 'commune de', 'massif de', 'col de', 'île de', 'baie de', 'centre de', 'campus de', 'aéroport de', 'région de', 'bâtiment',
        'installé à', 'installera à', 'implanté à', 'usine à', 'hôpital', 'centre hospitalier', 'clinique', 'théâtre', 'salle', 'musée',
      ],
    },
    Project: {
      before: ['projet', 'programme de', 'programme', 'essai', 'étude'],
      after: ['projet'],
    },
    Product: {
      before: ['modèle', 'produit', 'composant', 'lot', 'cartes', 'carte'],
      after: ['cartes', 'carte', 'capteurs'],
    },
    Event: {
      after: ['panne', 'réunion', 'conférence'],
    },
  },
  edgeTypes: {
    LEADS: {
      patterns: ['dirige', 'responsable de', 'chef de', 'cheffe de', 'directeur de', 'directrice de', 'à la tête de', 'pilote', 'chargé de', 'chargée de', 'en charge de', 'a la charge de'],
      passivePatterns: ['dirigé par', 'dirigée par', 'piloté par', 'pilotée par'],
    },
    MANAGES: {
      patterns: ['gère', 'gestionnaire de', 'supervise'],
      passivePatterns: ['géré par', 'gérée par', 'supervisé par'],
    },
    WORKS_FOR: {
      patterns: ['travaille pour', 'travaille chez', 'chez', 'a rejoint'],
      passivePatterns: ['emploie', 'a recruté'],
    },
    SUPPLIES: {
      patterns: ['fournit', 'livre', 'fournisseur de', 'vend'],
      passivePatterns: ['fourni par', 'fournie par', 'fournis par', 'fournies par', 'livré par'],
    },
    MAKES: {
      patterns: ['fabrique', 'produit', 'assemble', 'construit'],
      passivePatterns: ['fabriqué par', 'fabriquée par', 'fabriqués par', 'fabriquées par', 'produit par'],
    },
    USES: {
      patterns: ['utilise', 'intègre', 'emploie', 'déploie'],
      passivePatterns: ['utilisé par', 'utilisés par', 'intégré dans', 'intégrées dans', 'intégrés dans', 'intégrée dans'],
    },
    LOCATED_IN: {
      patterns: ['situé à', 'située à', 'basé à', 'basée à', 'basé sur le site de', 'installé à'],
      passivePatterns: ['accueille', 'héberge'],
    },
    AUDITS: {
      patterns: ['audité', 'a audité', 'inspecté'],
      passivePatterns: ['audité par', 'auditée par', 'inspecté par'],
    },
    FUNDS: {
      patterns: ['finance', 'subventionne'],
      passivePatterns: ['financé par', 'financée par', 'subventionné par'],
    },
    OWNS: {
      patterns: ['détient', 'possède', 'a racheté', 'rachète', 'a acquis', 'acquiert', 'propriétaire de', 'maison mère de'],
      // "acquis" ends in s: its feminine is listed, the other agreed forms are made (see withAgreement).
      passivePatterns: ['détenu par', 'racheté par', 'acquis par', 'acquise par', 'propriété de', 'cédé à'],
    },
    PART_OF: {
      patterns: ['fait partie de', 'filiale de'],
      passivePatterns: ['comprend', 'inclut'],
    },
  },
});
