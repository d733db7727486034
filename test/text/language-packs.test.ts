import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { defaultGraphSchema } from '../../src/config/default-schema.js';
import { stripAccents } from '../../src/core/normalise.js';
import { builtInLanguagePacks, englishPack, frenchPack, hasLanguagePack, languagePack, languagePacks, mergeSchemaCues } from '../../src/text/lang/index.js';

test('languagePack finds the built-in packs and falls back to English', () => {
  assert.equal(languagePack('en'), englishPack);
  assert.equal(languagePack('fr'), frenchPack);
  assert.equal(languagePack('xx'), englishPack);
  assert.equal(languagePack(undefined), englishPack);
  assert.equal(hasLanguagePack('xx'), false);
  assert.deepEqual(
    languagePacks().map((pack) => pack.code),
    ['en', 'fr'],
  );
});

test('each pack stems with its hand rules and with Snowball', () => {
  const stems = (words: string[], stem: (word: string) => string) => words.map(stem);
  assert.deepEqual(stems(['supplies', 'running', 'Relational', 'generously'], englishPack.stem), ['suppl', 'runn', 'relational', 'generousl']);
  assert.deepEqual(stems(['supplies', 'running', 'Relational', 'generously'], englishPack.snowballStem), ['suppli', 'run', 'relat', 'gener']);
  assert.deepEqual(stems(['continuellement', 'fournisseurs', 'Généralement', 'dirigée'], frenchPack.stem), ['continuell', 'fournisseur', 'general', 'dirige']);
  assert.deepEqual(stems(['continuellement', 'fournisseurs', 'Généralement', 'dirigée'], frenchPack.snowballStem), ['continuel', 'fournisseur', 'general', 'dirig']);
});

test('each pack has its hand stop words and the stopwords-iso list beside them', () => {
  assert.ok(englishPack.stopWords.has('the') && englishPack.stopWords.has('which') && !englishPack.stopWords.has('supplier'));
  assert.ok(frenchPack.stopWords.has('les') && frenchPack.stopWords.has('deja') && !frenchPack.stopWords.has('fournisseur'));
  assert.ok(englishPack.maintainedStopWords.has('the') && englishPack.maintainedStopWords.size > 1000);
  assert.ok(frenchPack.maintainedStopWords.has('apres') && !frenchPack.maintainedStopWords.has('the'));
});

test('pack words are lower case and accent-free where the interface says so', () => {
  for (const pack of languagePacks()) {
    const plainSets = [pack.stopWords, pack.maintainedStopWords, pack.nonNameWords, pack.questionWords, pack.names.titles, pack.articles, pack.determiners, pack.relationFillerWords, pack.corpusMetaWords, pack.descriptors.articles, pack.descriptors.referring];
    const plainLists = [Object.keys(pack.dates.months), pack.dates.weekdays, pack.temporal.latestWords, pack.temporal.questionWords, pack.concerns.markerWords, pack.concerns.headWords, ...Object.values(pack.concerns.families)];
    for (const word of [...plainSets.flatMap((set) => [...set]), ...plainLists.flat()]) assert.equal(word, stripAccents(word).toLowerCase(), `${pack.code}: ${word}`);
  }
});

test('the default schema cues are the built-in packs\' schema cues, merged', () => {
  const merged = mergeSchemaCues(builtInLanguagePacks);
  for (const type of defaultGraphSchema.nodeTypes) {
    const cues = merged.nodeTypes[type.name];
    for (const field of ['before', 'after', 'suffixes'] as const) assert.deepEqual(type.cues?.[field] ?? [], cues?.[field] ?? [], `${type.name}.${field}`);
  }
  for (const edge of defaultGraphSchema.edgeTypes ?? []) {
    assert.deepEqual(edge.patterns, merged.edgeTypes[edge.name]?.patterns, `${edge.name}.patterns`);
    assert.deepEqual(edge.passivePatterns, merged.edgeTypes[edge.name]?.passivePatterns, `${edge.name}.passivePatterns`);
  }
});

/** Cue words added to the packs since the lists moved there, by type and field: the digest below is of the rest. */
const ADDED_SINCE_THE_MOVE: Record<string, Partial<Record<'before' | 'after' | 'suffixes', string[]>>> = {
  Location: {
    // English street words: "Velbrook Lane", "Corvel Junction" (nlp-44); the French ones below.
    before: [
      'quai de', 'quai du', 'port de', 'écluse de', 'bassin de', 'station de', 'commune de', 'massif de', 'col de', 'île de', 'baie de', 'basée à', 'basés à', 'basées à', 'situés à', 'situées à',
      // Facilities and the verbs that set a place (nlp-63): "production site in X", "installé à X", "centre de X".
      'plant at', 'site in', 'site at', 'factory in', 'factory at', 'facility in', 'facility at', 'installed in', 'installed at', 'headquartered in',
      'centre de', 'campus de', 'aéroport de', 'région de', 'bâtiment', 'installé à', 'installée à', 'installés à', 'installées à', 'installera à',
      'implanté à', 'implantée à', 'implantés à', 'implantées à', 'usine à', 'hôpital', 'centre hospitalier', 'clinique', 'théâtre', 'salle', 'musée',
    ],
    // French names that start with the kind of place they are: "Théâtre X", "Salle Y", "Parc Z" (nlp-65).
    suffixes: [
      'quay', 'wharf', 'pier', 'dock', 'docks', 'jetty', 'berth', 'marina', 'lock', 'basin', 'bay', 'island', 'estuary', 'canal', 'point', 'head', 'hill', 'moor', 'forest', 'beach', 'warehouse', 'lane', 'crescent', 'terrace', 'junction', 'interchange', 'crossing',
      'théâtre', 'salle', 'opéra', 'cinéma', 'château', 'halle', 'parc', 'jardin', 'aéroport', 'bâtiment',
    ],
  },
  // French: every participle phrase in its four agreed forms; "fabriqué par" mirrors the English "manufactured by".
  // Contracting frames before a firm's name: "signed with X", "awarded to X", "attribué à X", "confié à X" (with agreement).
  // Contracts are won by firms: "X has won the contract", "X a remporté le marché", "X, attributaire du marché".
  Organisation: {
    // Legal forms that end a firm's name: "X LLP", "X Pty", "X BV" (nlp-62).
    suffixes: ['llp', 'lp', 'pty', 'bv', 'nv'],
    after: ['has won the contract', 'won the contract', 'wins the contract', 'a remporté le marché', 'remporte le marché', 'attributaire du marché'],
    before: [
      'fabriqué par', 'fabriquée par', 'fabriqués par', 'fabriquées par', 'signed with', 'awarded to',
      // French frames of who builds, maintains or installs (nlp-65).
      'construit par', 'construite par', 'construits par', 'construites par', 'entretenu par', 'entretenue par', 'entretenus par', 'entretenues par',
      'installé par', 'installée par', 'installés par', 'installées par',
      // Who funds: "the sponsor X", "le mécène X" (nlp-66).
      'sponsor', 'funder', 'donor', 'mécène', 'financeur',
      'signé avec', 'signée avec', 'signés avec', 'signées avec', 'attribué à', 'attribuée à', 'attribués à', 'attribuées à', 'confié à', 'confiée à', 'confiés à', 'confiées à',
    ],
  },
  // French names of studies and programmes: "l'essai X", "l'étude Y", "le programme Z" (nlp-65).
  Project: { before: ['essai', 'étude'] },
};

/** Edge phrases added since the move, by edge type (the digest is of the rest). */
const EDGE_PHRASES_ADDED_SINCE_THE_MOVE: Record<string, string[]> = {
  // French: "cheffe de" (the feminine of "chef de"), "chargé(e) de", "en charge de", "a la charge de" ("in charge of").
  LEADS: ['will lead', 'to lead', 'cheffe de', 'chargé de', 'chargée de', 'en charge de', 'a la charge de'],
  LOCATED_IN: ['situés à', 'situées à', 'basés à', 'basées à', 'basée sur le site de', 'basés sur le site de', 'basées sur le site de', 'installée à', 'installés à', 'installées à'],
};

/** Edge types added to the default schema since the move: ownership ("acquired by", "racheté par"). */
const EDGE_TYPES_ADDED_SINCE_THE_MOVE = ['OWNS'];

/** Passive edge phrases added since the move: the French participles' agreed forms. */
const PASSIVE_PHRASES_ADDED_SINCE_THE_MOVE: Record<string, string[]> = {
  LEADS: ['dirigés par', 'dirigées par', 'pilotés par', 'pilotées par'],
  MANAGES: ['gérés par', 'gérées par', 'supervisée par', 'supervisés par', 'supervisées par'],
  SUPPLIES: ['livrée par', 'livrés par', 'livrées par'],
  MAKES: ['produite par', 'produits par', 'produites par'],
  USES: ['utilisée par', 'utilisées par'],
  AUDITS: ['audités par', 'auditées par', 'inspectée par', 'inspectés par', 'inspectées par'],
  FUNDS: ['financés par', 'financées par', 'subventionnée par', 'subventionnés par', 'subventionnées par'],
};

test('the default schema has, as sets, the cue words and phrases it listed before the packs (and the documented additions)', () => {
  const sorted = (words: readonly string[] | undefined) => [...(words ?? [])].sort();
  const withoutAdded = (type: string, field: 'before' | 'after' | 'suffixes', words: readonly string[] | undefined) => {
    const added = ADDED_SINCE_THE_MOVE[type]?.[field] ?? [];
    for (const word of added) assert.ok(words?.includes(word), `${type}.${field} holds the added ${word}`);
    return sorted(words?.filter((word) => !added.includes(word)));
  };
  const cueLists = {
    nodeTypes: defaultGraphSchema.nodeTypes.map((type) => [type.name, withoutAdded(type.name, 'before', type.cues?.before), withoutAdded(type.name, 'after', type.cues?.after), withoutAdded(type.name, 'suffixes', type.cues?.suffixes)]),
    edgeTypes: (defaultGraphSchema.edgeTypes ?? []).filter((edge) => !EDGE_TYPES_ADDED_SINCE_THE_MOVE.includes(edge.name)).map((edge) => {
      // French relation phrases ending in "de" come with its contractions ("responsable du", "des", "d'"): documented additions too.
      const contracted = (edge.patterns ?? []).filter((phrase) => / (?:du|des|d')$/u.test(phrase) && edge.patterns?.includes(phrase.replace(/(?:du|des|d')$/u, 'de')));
      const added = [...(EDGE_PHRASES_ADDED_SINCE_THE_MOVE[edge.name] ?? []), ...contracted];
      for (const phrase of added) assert.ok(edge.patterns?.includes(phrase), `${edge.name}.patterns holds the added ${phrase}`);
      const addedPassive = PASSIVE_PHRASES_ADDED_SINCE_THE_MOVE[edge.name] ?? [];
      for (const phrase of addedPassive) assert.ok(edge.passivePatterns?.includes(phrase), `${edge.name}.passivePatterns holds the added ${phrase}`);
      return [edge.name, sorted(edge.patterns?.filter((phrase) => !added.includes(phrase))), sorted(edge.passivePatterns?.filter((phrase) => !addedPassive.includes(phrase)))];
    }),
  };
  // Digest of the literal lists of src/config/default-schema.ts at 1e9727a, before they moved to the packs.
  assert.equal(createHash('sha256').update(JSON.stringify(cueLists)).digest('hex'), 'a38f91424b7670c980b82a7e87b475e61921b3e3e83957132ff2f7a8c215974a');
  assert.ok(defaultGraphSchema.nodeTypes[0]?.cues?.before?.includes('dre.') && defaultGraphSchema.nodeTypes[0].cues.before.includes('dr.'));
  const owns = defaultGraphSchema.edgeTypes?.find((edge) => edge.name === 'OWNS');
  for (const phrase of ['acquired by', 'racheté par', 'rachetée par']) assert.ok(owns?.passivePatterns?.includes(phrase), `OWNS.passivePatterns holds ${phrase}`);
});

test('French participle phrases come in all four agreed forms, in relation patterns and type cues alike', async () => {
  const { frenchSchemaCues } = await import('../../src/text/lang/fr-schema-cues.js');
  const supplies = frenchSchemaCues.edgeTypes.SUPPLIES?.passivePatterns ?? [];
  for (const form of ['livré par', 'livrée par', 'livrés par', 'livrées par']) assert.ok(supplies.includes(form), form);
  const organisation = frenchSchemaCues.nodeTypes.Organisation?.before ?? [];
  for (const form of ['fourni par', 'fournies par', 'fabriquée par']) assert.ok(organisation.includes(form), form);
  // Words that are no participle phrase stay as written.
  assert.ok(organisation.includes('contrat avec') && !organisation.some((cue) => cue.startsWith('contrate')));
});
