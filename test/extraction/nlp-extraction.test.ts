import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { Chunk } from '../../src/core/records.js';
import { extractWithNlp } from '../../src/extraction/nlp/extract-with-nlp.js';
import { findCandidateMentions } from '../../src/extraction/nlp/find-mentions.js';
import { findDates } from '../../src/text/find-dates.js';
import { isNationalityAdjective } from '../../src/text/known-places.js';
import { buildCueNamedWords, buildLowercaseVocabulary, buildNameVocabulary, typeNounsAfterNames } from '../../src/extraction/nlp/lowercase-vocabulary.js';

const schema = validateConfig({}).schema;

function chunkOf(text: string, start = 0): Chunk {
  return { id: 'chunk_1', documentId: 'doc_1', index: 0, text, start, end: start + text.length, tokenCount: 10 };
}

function extract(text: string, language: 'en' | 'fr' = 'en', start = 0) {
  return extractWithNlp(chunkOf(text, start), {
    schema,
    language,
    documentDate: '2024-01-01',
    knownLowercase: buildLowercaseVocabulary([text]),
    cooccurrence: true,
    maxEntitiesPerSentence: 12,
  });
}

test('names keep initials and drop titles; codes stay whole; amounts are not codes', () => {
  const names = findCandidateMentions('Dr Hannah Okafor met T. Wierzba about the NC-7 cards and a £84m budget in 1990s terms.', new Set()).map((mention) => mention.surface);
  assert.deepEqual(names, ['Hannah Okafor', 'T. Wierzba', 'NC-7']);
});

test('an ordinary leading word stays when the whole name is a known place ("New Zealand"), and goes when it adds nothing ("the London office")', () => {
  const known = new Set(['he', 'moved', 'to', 'and', 'later', 'the', 'new', 'office', 'opened', 'in']);
  assert.deepEqual(findCandidateMentions('He moved to New Zealand and later New York City.', known).map((mention) => mention.surface), ['New Zealand', 'New York City']);
  assert.deepEqual(findCandidateMentions('The London office opened in New Zealand.', known).map((mention) => mention.surface), ['London', 'New Zealand']);
  assert.deepEqual(findCandidateMentions('He moved to New Velbrook.', known).map((mention) => mention.surface), ['Velbrook'], 'no such place: the ordinary word goes');
});

test('a people\'s adjective alone is no name ("an American lawyer"), made from the country names or irregular; a name that holds one stays', () => {
  const known = new Set(['she', 'is', 'an', 'lawyer', 'who', 'joined', 'the', 'singer', 'and', 'a', 'writer']);
  assert.deepEqual(findCandidateMentions('She is an American lawyer who joined American Airlines.', known, { language: 'en' }).map((mention) => mention.surface), ['American Airlines']);
  assert.deepEqual(findCandidateMentions('The Jamaican singer and a Welsh writer joined Velbrook.', known, { language: 'en' }).map((mention) => mention.surface), ['Velbrook']);
  assert.ok(isNationalityAdjective('Canadian', 'en') && isNationalityAdjective('Pakistani', 'en') && isNationalityAdjective('Dutch', 'en'));
  assert.ok(!isNationalityAdjective('Christian', 'en') && !isNationalityAdjective('Jordan', 'en') && !isNationalityAdjective('France', 'en'));
  assert.ok(!isNationalityAdjective('Costa', 'en') && !isNationalityAdjective('Malin', 'en'), 'a surname, a given name: never an adjective');
  assert.ok(!isNationalityAdjective('Canadien', 'fr'), 'French writes them in lower case: no rule');
});

test('programming identifiers are names of their own: snake case and lower camel case, never joined to a neighbour', () => {
  const mentions = findCandidateMentions('Fastify replies with FST_ERR_CTP_BODY_TOO_LARGE when the body exceeds bodyLimit, and Firebase onRequest handlers see max_retries too.', new Set(['replies', 'with', 'when', 'the', 'body', 'exceeds', 'and', 'handlers', 'see', 'too']));
  assert.deepEqual(mentions.map((mention) => mention.surface), ['Fastify', 'FST_ERR_CTP_BODY_TOO_LARGE', 'bodyLimit', 'Firebase', 'onRequest', 'max_retries']);
  assert.ok(mentions.slice(1).filter((mention) => mention.surface !== 'Firebase').every((mention) => mention.isCode));
  // Ordinary words stay what they are: no capital inside, no underscore.
  assert.deepEqual(findCandidateMentions('the well-known e-mail of an iPhone user', new Set(['the', 'well-known', 'e-mail', 'of', 'an', 'user'])).map((mention) => mention.surface), ['iPhone']);
});

test('the lower-case vocabulary ignores code written inline and names that are written capitalised far more often', () => {
  const prose = ['Install it with npm i acme, then call acme.listen() or register @acme/cors and acme_tools.'];
  for (let time = 0; time < 10; time += 1) prose.push(`Then Acme starts and the Harbour report ${time} is read.`);
  const vocabulary = buildLowercaseVocabulary(prose);
  assert.ok(!vocabulary.has('acme'), 'one plain lower-case "acme" against ten capitalised: a name');
  assert.ok(vocabulary.has('register') && vocabulary.has('report') && vocabulary.has('starts'));
  // Written in lower case more often than one time in ten: an ordinary word after all.
  assert.ok(buildLowercaseVocabulary(['the acme of it.', 'the acme again.', ...prose]).has('acme'));
});

test('coordinated names of two words or more stay two names; a one-word pair joined by "and" stays one name', () => {
  const known = new Set(['met', 'the', 'contract', 'between', 'ends', 'sold', 'at']);
  assert.deepEqual(findCandidateMentions('Jordan Hayes and Alex Mercer met.', known).map((mention) => mention.surface), ['Jordan Hayes', 'Alex Mercer']);
  assert.deepEqual(findCandidateMentions('The contract between Kelvane Printing and Ardlow Press ends.', known).map((mention) => mention.surface), ['Kelvane Printing', 'Ardlow Press']);
  assert.deepEqual(findCandidateMentions('It sold at Marks and Spencer.', known).map((mention) => mention.surface), ['Marks and Spencer']);
});

test('after "between" or "entre", a coordination word splits even one-word names; a unit after a degree sign is no name', () => {
  const known = new Set(['trams', 'run', 'the', 'line', 'samples', 'are', 'frozen', 'at', 'then', 'sent', 'on', 'navette', 'circule']);
  assert.deepEqual(findCandidateMentions('Trams run between Harlow and Penmere Quay.', known).map((mention) => mention.surface), ['Harlow', 'Penmere Quay']);
  assert.deepEqual(findCandidateMentions('La navette circule entre Vernol et Castagne.', known).map((mention) => mention.surface), ['Vernol', 'Castagne']);
  assert.deepEqual(findCandidateMentions('Samples are frozen at -20 °C. Then sent on.', known).map((mention) => mention.surface), []);
  assert.deepEqual(findCandidateMentions('Samples are frozen at 68°F in Harlow.', known).map((mention) => mention.surface), ['Harlow']);
});

test('in a head-first language the first word of a name is its head noun and types it; in English only the last word does', () => {
  const french = extract("La Société des Eaux d'Orvanne a signé avec le Groupe Hospitalier Sud près de la Gare de Lyon.", 'fr');
  const typeOf = (result: ReturnType<typeof extract>, name: string) => result.entities.find((item) => item.name === name)?.type;
  assert.equal(typeOf(french, "Société des Eaux d'Orvanne"), 'Organisation');
  assert.equal(typeOf(french, 'Groupe Hospitalier Sud'), 'Organisation');
  assert.equal(typeOf(french, 'Gare de Lyon'), 'Location');
  // "Station Brennan" in English: a first word is a modifier, not the head.
  const english = extract('Yesterday Station Brennan spoke to the board.', 'en');
  assert.notEqual(typeOf(english, 'Station Brennan'), 'Location');
});

test('a defined acronym records its long form', () => {
  const mentions = findCandidateMentions('The Calder Bay Infrastructure Authority (CBIA) signed it.', new Set());
  const acronym = mentions.find((mention) => mention.surface === 'CBIA');
  assert.equal(acronym?.acronymOf, 'Calder Bay Infrastructure Authority');
});

test('a long form that runs over lower-case words becomes one name, found letter by letter (Schwartz & Hearst)', () => {
  const mentions = findCandidateMentions("L'Université de Corvel (UDC) a confié à la Société de gardiennage des Monts-Bleus (SGMB) la surveillance du site.", new Set(['gardiennage', 'surveillance', 'site']), { language: 'fr' });
  const byName = Object.fromEntries(mentions.map((mention) => [mention.surface, mention.acronymOf ?? null]));
  assert.deepEqual(byName, { 'Université de Corvel': null, UDC: 'Université de Corvel', 'Société de gardiennage des Monts-Bleus': null, SGMB: 'Société de gardiennage des Monts-Bleus' });
  // A long form written in lower case is no name; the acronym stays alone.
  const plain = findCandidateMentions('Traffic runs over the local area network (LAN) of Brisk Quay.', new Set(['traffic', 'local', 'area', 'network']));
  assert.deepEqual(plain.map((mention) => [mention.surface, mention.acronymOf ?? null]), [['LAN', null], ['Brisk Quay', null]]);
});

test('a surname particle does not keep a name from being a person\'s, after a title either', () => {
  const french = extract("Hier, Gaëlle Le Moal, responsable du site, a fermé l'accès. Mme Le Moal rappelle les consignes.", 'fr');
  const types = Object.fromEntries(french.entities.map((entity) => [entity.name, entity.type]));
  assert.equal(types['Gaëlle Le Moal'], 'Person');
  assert.equal(types['Le Moal'], 'Person', 'the title keeps the particle with the surname');
  const english = extract('Yesterday Pieter van Loon closed the gate.', 'en');
  assert.equal(english.entities.find((entity) => entity.name === 'Pieter van Loon')?.type, 'Person');
});

test('a name that starts with a known given name leans to a person; a coined one yields to "the new contractor"', () => {
  // The type resolution gives: the votes of every mention of the name, summed.
  const typeOf = (text: string, name: string, language: 'en' | 'fr' = 'en') => {
    const totals = new Map<string, number>();
    for (const entity of extract(text, language).entities.filter((candidate) => candidate.name === name)) for (const vote of entity.votes ?? []) totals.set(vote.type, (totals.get(vote.type) ?? 0) + vote.weight);
    return [...totals].sort((left, right) => right[1] - left[1])[0]?.[0] ?? 'Concept';
  };
  const text = 'Tallow Works ended its contract. Vorrin Boatcare will take over the yard from 1 May. The new contractor will hire six fitters.';
  assert.equal(typeOf(text, 'Vorrin Boatcare'), 'Organisation', 'the referring noun outweighs the bare shape of a name');
  const named = 'Tallow Works ended its contract. Imogen Carvell will take over the yard from 1 May. The new contractor will hire six fitters.';
  assert.equal(typeOf(named, 'Imogen Carvell'), 'Person', 'a given name outweighs the referring noun');
  // Any modifier does not refer back: "the installation contractor" is nobody named before.
  const modifier = extract('Work starts in the Brenmoor district. The installation contractor fitted 200 meters.');
  assert.equal(modifier.entities.filter((entity) => entity.name === 'Brenmoor').length, 1, 'no second mention from the contractor phrase');
  assert.equal(typeOf("La SMVL a résilié le marché. À partir du 1er juin, Dorvane assurera l'entretien. Le nouveau prestataire reprend deux agents.", 'Dorvane', 'fr'), 'Organisation');
});

test('two names joined by an ampersand are a firm', () => {
  const found = extract('Hollis & Wren carried out the review in May.').entities.find((entity) => entity.name === 'Hollis & Wren');
  assert.equal(found?.type, 'Organisation');
});

test('French elisions and accents are handled', () => {
  const names = findCandidateMentions("Les cartes NC-7 de Nordhaven Composants sont intégrées dans les prototypes de l'Altaïr.", new Set(['les'])).map((mention) => mention.surface);
  assert.deepEqual(names, ['NC-7', 'Nordhaven Composants', 'Altaïr']);
});

test('a capitalised ordinary word at the start of a sentence is not a name', () => {
  const vocabulary = buildLowercaseVocabulary(['the minutes were approved; complaints fell.']);
  const names = findCandidateMentions('Complaints about Orbilink have fallen.', vocabulary).map((mention) => mention.surface);
  assert.deepEqual(names, ['Orbilink']);
});

test('after a colon, a capitalised ordinary word opens a clause and is not a name', () => {
  const vocabulary = buildLowercaseVocabulary(['we then read how routing works.', 'members only.']);
  const names = findCandidateMentions('Routing: Read Kestrel routing and Brannock hooks.', vocabulary).map((mention) => mention.surface);
  assert.deepEqual(names, ['Kestrel', 'Brannock']);
  assert.deepEqual(findCandidateMentions('Members: Tamsin Loray and Edvard Holm.', vocabulary).map((mention) => mention.surface), ['Tamsin Loray', 'Edvard Holm'], 'names after a colon stay names');
});

test('a dictionary word alone at the start of a sentence is not a name, unless the corpus writes it as one mid-sentence', () => {
  const corpus = ['Overall status: amber.', 'Heavy rainfall closed Dock Road.', 'The Juniper dashboard is live.', 'Juniper ships in May.', 'Recrutement difficile à Rodez.'];
  const options = (language: 'en' | 'fr') => ({ language, knownNames: buildNameVocabulary(corpus) });
  const names = (sentence: string, language: 'en' | 'fr' = 'en') => findCandidateMentions(sentence, new Set(), options(language)).map((mention) => mention.surface);
  assert.deepEqual(names('Overall status: amber.'), []);
  assert.deepEqual(names('Heavy rainfall closed Dock Road.'), ['Dock Road']);
  assert.deepEqual(names('Juniper ships in May.'), ['Juniper'], 'written capitalised mid-sentence elsewhere');
  assert.deepEqual(names('Orbilink ships in May.'), ['Orbilink'], 'not a dictionary word');
  assert.deepEqual(names('Grace Adeyemi chairs the panel.'), ['Grace Adeyemi'], 'names of several words keep their first word');
  assert.deepEqual(names('Recrutement difficile à Rodez.', 'fr'), ['Rodez']);
  assert.deepEqual(findCandidateMentions('Overall status: amber.', new Set()).map((mention) => mention.surface), ['Overall'], 'without corpus evidence the rule is off');
});

test('relative pronouns, contract phrases and "-ics" endings type organisations; "who" types people', () => {
  const typeOf = (text: string, name: string) => extract(text).entities.find((entity) => entity.name === name)?.type;
  assert.equal(typeOf('The city signed a supply agreement with Verinta last year.', 'Verinta'), 'Organisation');
  assert.equal(typeOf('Parts come from Kolvar Brandt, which manufactures them in Ostrava.', 'Kolvar Brandt'), 'Concept');
  assert.equal(typeOf('Parts come from Kolvar Brandt, who manufactures them in Ostrava.', 'Kolvar Brandt'), 'Person');
  assert.equal(typeOf('Morrow Hydraulics has been appointed to supply the pumps.', 'Morrow Hydraulics'), 'Organisation');
});

test('a name no cue types takes the type its role in a schema phrase requires, unless that role is a person\'s', () => {
  const typeOf = (text: string, name: string) => extract(text).entities.find((entity) => entity.name === name)?.type;
  assert.equal(typeOf('The accounts were audited by Pemberton Hale, which issued an unqualified opinion.', 'Pemberton Hale'), 'Organisation', 'the agent of "audited by"');
  assert.equal(typeOf('Quillon Cyber supplied the test kit.', 'Quillon Cyber'), 'Organisation', 'the subject of "supplied", over the weak shape of a person\'s name');
  assert.equal(typeOf('Dana Pruitt supplied the report.', 'Dana Pruitt'), 'Person', 'a given name outweighs the role');
  assert.equal(typeOf('The project is led by Kelvane.', 'Kelvane'), 'Concept', 'a person\'s role types nothing: names of people carry their own shape');
});

test('the only name of a sentence is tied weakly to the names of the sentence before, with the text between as evidence', () => {
  const text = 'Halden Pumps missed both delivery windows and its contract is terminated. The three pumps delivered are kept. Morrow Hydraulics will supply the rest.';
  const result = extract(text);
  const link = result.relations.find((relation) => relation.basis === 'neighbour');
  assert.deepEqual([link?.source, link?.target], ['Halden Pumps', 'Morrow Hydraulics']);
  assert.equal(link?.evidence, text);
  assert.deepEqual(link?.span, { start: 0, end: text.length });
  const far = extract('Halden Pumps is terminated. One. Two. Morrow Hydraulics will supply the rest.');
  assert.ok(!far.relations.some((relation) => relation.basis === 'neighbour'), 'no link beyond two sentences back');
});

test('a sentence that goes on about the one before without naming it ties that sentence\'s subject to each of its names', () => {
  const text = 'Velbrook Energy has been awarded the contract to supply the masts. The contract covers 24 KX-150 units at Kestrel Road and Corvel Lane.';
  const links = extract(text).relations.filter((relation) => relation.basis === 'neighbour');
  assert.deepEqual(links.map((relation) => `${relation.source} > ${relation.target}`).sort(), ['Velbrook Energy > Corvel Lane', 'Velbrook Energy > KX-150', 'Velbrook Energy > Kestrel Road']);
  assert.ok(links.every((relation) => relation.evidence === text), 'both sentences are the evidence');
  // French: a demonstrative opens the sentence ("Ce contrat …").
  const french = extract('Velbrook Énergie a remporté le marché des bornes. Ce contrat couvre les dépôts de Kestrel et de Corvel.', 'fr');
  assert.ok(french.relations.some((relation) => relation.basis === 'neighbour' && relation.source === 'Velbrook Énergie' && relation.target === 'Corvel'));
  // The subject must open its sentence; a sentence that opens on a name or without a referring word goes on about its own names.
  for (const other of [
    'On Monday, Velbrook Energy signed the deal. The deal covers KX-150 units at Kestrel Road.',
    'Velbrook Energy has been awarded the contract. Corvel Lane and Kestrel Road will host the masts.',
    'Velbrook Energy has been awarded the contract. Three KX-150 units go to Kestrel Road.',
  ]) {
    assert.ok(!extract(other).relations.some((relation) => relation.basis === 'neighbour' && relation.source === 'Velbrook Energy' && relation.target === 'Kestrel Road'), other);
  }
});

test('mentions are typed from the schema cues, with spans into the document', () => {
  const text = 'Greyline Haulage Ltd will service the fleet. Dr Lina Ferraz leads the Lynx project.';
  const result = extract(text, 'en', 100);
  const byName = new Map(result.entities.map((entity) => [entity.name, entity]));
  assert.equal(byName.get('Greyline Haulage Ltd')?.type, 'Organisation');
  assert.equal(byName.get('Lina Ferraz')?.type, 'Person');
  assert.equal(byName.get('Lynx')?.type, 'Project');
  const lina = byName.get('Lina Ferraz');
  assert.equal(text.slice((lina?.span.start ?? 0) - 100, (lina?.span.end ?? 0) - 100), 'Lina Ferraz');
});

test('typed relations follow active and passive phrases, with the sentence as evidence', () => {
  const result = extract('Lina Ferraz leads the Lynx project. The Altair project is led by Maelle Ostin.');
  const typed = result.relations.filter((relation) => relation.type !== 'RELATED_TO').map((relation) => `${relation.source} ${relation.type} ${relation.target}`);
  assert.deepEqual(typed.sort(), ['Lina Ferraz LEADS Lynx', 'Maelle Ostin LEADS Altair']);
  for (const relation of result.relations) {
    assert.ok(relation.evidence.length > 0);
    assert.ok(relation.evidence.includes(relation.source) && relation.evidence.includes(relation.target), 'evidence names both ends');
  }
});

test('French patterns produce typed relations', () => {
  const result = extract('Lina Ferraz dirige le projet Lynx depuis 2023.', 'fr');
  assert.ok(result.relations.some((relation) => relation.type === 'LEADS' && relation.source === 'Lina Ferraz' && relation.target === 'Lynx'));
});

test('entities of one sentence are linked by co-occurrence; across sentences only weakly, for a name alone in its sentence', () => {
  const result = extract('Orbilink supplies Q7 modems to Juniper. Nimbic builds dashboards with Kessel.');
  const pairs = result.relations.map((relation) => [relation.source, relation.target].sort().join('+'));
  assert.ok(pairs.includes('Juniper+Orbilink') || pairs.includes('Juniper+Q7'));
  assert.ok(pairs.includes('Kessel+Nimbic'));
  assert.ok(!pairs.some((pair) => pair.includes('Nimbic') && pair !== 'Kessel+Nimbic'), 'a sentence with two names is not tied to the one before');
  const alone = extract('Orbilink supplies Q7 modems to Juniper. Nimbic builds dashboards.');
  assert.ok(alone.relations.filter((relation) => relation.source === 'Nimbic' || relation.target === 'Nimbic').every((relation) => relation.basis === 'neighbour'));
});

test('a chunk without names yields no entities and no relations', () => {
  const result = extract('the weather was mild and nothing happened.');
  assert.equal(result.entities.length, 0);
  assert.equal(result.relations.length, 0);
});

test('relations take the date of their sentence, else the document date', () => {
  const result = extract('From 1 May 2024 the programme will be led by Owen Castellan, until now Kestrel deputy. Orbilink met Nimbic.');
  const dated = result.relations.find((relation) => relation.source.includes('Owen') || relation.target.includes('Owen'));
  assert.equal(dated?.validFrom, '2024-05-01');
  const undated = result.relations.find((relation) => relation.evidence.startsWith('Orbilink'));
  assert.equal(undated?.validFrom, '2024-01-01');
});

test('dates in English and French are read as ISO prefixes', () => {
  assert.deepEqual(findDates('On 14 March 2023 and in mai 2024, then 2022-10-03 and April 11, 2022.').map((date) => date.iso), ['2023-03-14', '2024-05', '2022-10-03', '2022-04-11']);
});

test('a coined word and a trade the corpus writes in lower case make a business name; a person\'s name does not', () => {
  const typeOf = (text: string, name: string, language: 'en' | 'fr' = 'en') => extract(text, language).entities.find((entity) => entity.name === name)?.type;
  assert.equal(typeOf("Le marché d'imagerie a été attribué à Velmora Imagerie. L'imagerie coûte cher.", 'Velmora Imagerie', 'fr'), 'Organisation');
  assert.equal(typeOf('Our haulage costs fell after Kessel Haulage took the routes; haulage is cheaper now.', 'Kessel Haulage'), 'Organisation');
  assert.equal(typeOf('Anna Kessel took the routes in March.', 'Anna Kessel'), 'Person', 'no lower-case trade word, a person');
  assert.equal(typeOf('Parts come from Kolvar Brandt, which manufactures them.', 'Kolvar Brandt'), 'Concept', 'neither word is a common noun');
  // A trade of two words, each written in lower case elsewhere: "rolling stock".
  assert.equal(typeOf('The rolling stock is old; Velbrook Rolling Stock will build the new trams.', 'Velbrook Rolling Stock'), 'Organisation');
  assert.equal(typeOf('Velbrook Rolling Stock will build the new trams.', 'Velbrook Rolling Stock'), 'Concept', 'a trade the corpus never writes in lower case says nothing');
});

test('two capitalised words that open with no given name and end on a word of the language, rare ones included, are no one\'s name', () => {
  const typeOf = (text: string, name: string) => extract(text).entities.find((entity) => entity.name === name)?.type;
  assert.equal(typeOf('Up on the hill, Vorrin Cooperage began refurbishing the casks in November.', 'Vorrin Cooperage'), 'Concept', '"cooperage" is a rare English word');
  assert.equal(typeOf('Before the first run, Quellin Chandlery carried out the calibration.', 'Quellin Chandlery'), 'Concept');
  assert.equal(typeOf('Before the first run, Quellin Marrowby carried out the calibration.', 'Quellin Marrowby'), 'Person', 'a surname that is no word keeps the shape of a name');
  assert.equal(typeOf('Before the first run, Anna Chandlery carried out the calibration.', 'Anna Chandlery'), 'Person', 'a given name opens it');
});

test('a sentence\'s validity reaches its relations: an ending phrase closes them', () => {
  const relations = extract('Tom Hale will retire from Verinta Holdings on 31 March 2024.').relations;
  assert.ok(relations.length > 0);
  for (const relation of relations) {
    assert.equal(relation.validTo, '2024-03-31');
    assert.equal(relation.validFrom, null);
  }
});

test('names ending in a waterside or landform word are places; French places introduced by their noun too', () => {
  const types = (text: string, language: 'en' | 'fr' = 'en') => Object.fromEntries(extract(text, language).entities.map((entity) => [entity.name, entity.type]));
  assert.deepEqual(types('The divers inspected Orrin Quay and the gates of Tallow Lock near Brisk Point.'), { 'Orrin Quay': 'Location', 'Tallow Lock': 'Location', 'Brisk Point': 'Location' });
  assert.equal(types("Les travaux de l'écluse de Varennes commencent lundi.", 'fr').Varennes, 'Location');
});

test('names listed together are weakly linked; names a sentence relates are not a list', () => {
  const bases = (text: string, language: 'en' | 'fr' = 'en') =>
    Object.fromEntries(extract(text, language).relations.map((relation) => [`${relation.source}|${relation.target}`, relation.basis]));
  const listed = bases('The budget rose, with the Alder vessel programme, the Birch port system and the Cedar lock renewal taking most of it.');
  assert.deepEqual(listed, { 'Alder|Birch': 'list', 'Alder|Cedar': 'list', 'Birch|Cedar': 'list' });
  assert.deepEqual(bases('Les crédits sont allés à Orvane, Tilsac et Murène.', 'fr'), { 'Orvane|Tilsac': 'list', 'Orvane|Murène': 'list', 'Tilsac|Murène': 'list' });
  const two = bases('Dana Roe and Eli Voss visited Brackwell Foods in May.');
  assert.ok(Object.values(two).every((basis) => basis === 'sentence'), `two names and a third the sentence relates them to: ${JSON.stringify(two)}`);
});

test('a role line under a title states the edge its role noun stands for, to the title\'s subject; other lines stay co-occurrences', () => {
  const typed = (result: ReturnType<typeof extract>) => result.relations.filter((relation) => relation.basis === 'pattern').map((relation) => `${relation.source} ${relation.type} ${relation.target}`);
  const english = extract('Velbrook programme highlight report\n\nOverall status: amber. Programme manager: Hallie Corvane. Lead auditor: Dana Pellow.');
  assert.deepEqual(typed(english), ['Hallie Corvane MANAGES Velbrook'], '"auditor" names no edge phrase of the schema');
  assert.ok(english.relations.some((relation) => relation.basis === 'title' && relation.target === 'Dana Pellow'), 'the auditor stays tied to the title by co-occurrence');
  assert.ok(!english.relations.some((relation) => relation.basis === 'title' && relation.target === 'Hallie Corvane'), 'no co-occurrence beside the typed relation');
  // French: the head noun comes first ("Chef de projet"); a modifier naming another type than the subject's says nothing.
  const french = extract('Projet Vorrin : point d\'avancement\n\nChef de projet : Étienne Marsac. Le chef de chantier est absent.', 'fr');
  assert.deepEqual(typed(french), ['Étienne Marsac LEADS Vorrin']);
  assert.equal(french.entities.find((entity) => entity.name === 'Étienne Marsac')?.type, 'Person', '"projet" before the colon does not type the holder');
  assert.deepEqual(typed(extract('Corvel Quay works update\n\nProgramme manager: Hallie Corvane.')), [], 'a programme manager does not manage a quay');
  assert.deepEqual(typed(extract('Velbrook programme highlight report\n\nManager notes: Hallie Corvane was away.')), [], 'the holder follows the colon at once');
  const dated = extract('Award notice: depot chargers (Velbrook phase 1)\n2022-11-22\n\nQuorna Energy Systems will install the chargers.');
  assert.ok(dated.relations.some((relation) => relation.basis === 'title' && relation.source === 'Velbrook' && relation.target === 'Quorna Energy Systems'), 'a date line under the title leaves it the title');
});

test('French relation phrases ending in "de" read its contractions too ("cheffe du projet")', () => {
  const result = extract('Hélène Corvaz, cheffe du projet Vorrin, présente le bilan. Le projet avance.', 'fr');
  assert.ok(result.relations.some((relation) => relation.type === 'LEADS' && relation.source === 'Hélène Corvaz' && relation.target === 'Vorrin'));
});

test('a word the corpus writes capitalised before a type noun is a name wherever it is written capitalised, though it is also an ordinary word', () => {
  const texts = ['The Kestrel programme started in May.', 'Two programmes use the tag: Kestrel, which follows birds, and Tarn.', 'A kestrel was seen near the tarn.'];
  const cueNamed = buildCueNamedWords(texts, typeNounsAfterNames(schema));
  assert.deepEqual([...cueNamed], ['kestrel']);
  const known = buildLowercaseVocabulary(texts);
  const names = (sentence: string, words?: ReadonlySet<string>) => findCandidateMentions(sentence, known, { language: 'en', ...(words ? { cueNamedWords: words } : {}) }).map((mention) => mention.surface);
  assert.deepEqual(names(texts[1] as string, cueNamed), ['Kestrel'], '"Tarn" is never written before a type noun: an ordinary word');
  assert.deepEqual(names(texts[1] as string), [], 'without the corpus words both are ordinary');
  assert.deepEqual(names('Kestrel: green; 11 birds tagged.', cueNamed), ['Kestrel'], 'at the start of a sentence too');
});

test('a relation phrase followed at once by a name relates that name, not a later one in an apposition; a list after it still shares it', () => {
  const typed = (text: string) => extract(text).relations.filter((relation) => relation.basis === 'pattern').map((relation) => `${relation.source} ${relation.type} ${relation.target}`);
  assert.deepEqual(typed("Hallie Corvane has been appointed lead of Kestrel, the Velbrook Trust's wader programme, from May."), ['Hallie Corvane LEADS Kestrel']);
  assert.deepEqual(typed('The Kestrel programme is supplied by Avitrack Ltd, Corvel Ltd and Tarnwell Ltd.'), ['Avitrack Ltd SUPPLIES Kestrel', 'Corvel Ltd SUPPLIES Kestrel', 'Tarnwell Ltd SUPPLIES Kestrel']);
});

test('"is supplied by" reads as the passive phrase, though it holds the active "supplied"', () => {
  const relation = extract('Kestrel is supplied by Avitrack Ltd.').relations.find((item) => item.type === 'SUPPLIES');
  assert.equal(`${relation?.source} → ${relation?.target} (${relation?.voice})`, 'Avitrack Ltd → Kestrel (passive)');
});

test('in French a role noun may take one adjective before its "de" ("directrice artistique des Nuits de Velbrook")', () => {
  const typed = extract('Anouk Marsac est nommée directrice artistique des Nuits de Velbrook en janvier. Le festival ouvre.', 'fr').relations.filter((relation) => relation.basis === 'pattern');
  assert.deepEqual(typed.map((relation) => `${relation.source} ${relation.type} ${relation.target}`), ['Anouk Marsac LEADS Nuits de Velbrook']);
});

test('a name with a surname particle inside opens with a given name: "Courriel de Portik" is no person', () => {
  const typeOf = (text: string, name: string, language: 'en' | 'fr') => extract(text, language).entities.find((entity) => entity.name === name)?.type;
  assert.notEqual(typeOf('Courriel de Portik — tarifs\n\nLe prix augmente.', 'Courriel de Portik', 'fr'), 'Person');
  assert.equal(typeOf('Jean de Lattre a signé. Le prix augmente.', 'Jean de Lattre', 'fr'), 'Person');
});

test('a name written beside a unit noun is described by it ("the Fleet Works team", "l\'équipe Billetterie")', () => {
  const described = (text: string, name: string, language: 'en' | 'fr') => extract(text, language).entities.find((entity) => entity.name === name)?.description ?? '';
  assert.match(described("Two engineers from the Velbrook Trust's Fleet Works team toured the plant.", 'Fleet Works', 'en'), /\bteam\b/);
  assert.match(described("Elle rejoint l'équipe Billetterie Corvane en mai.", 'Billetterie Corvane', 'fr'), /\bequipe\b/);
  assert.doesNotMatch(described('Corvel Ltd delivers the pumps.', 'Corvel Ltd', 'en'), /team/);
});

test('an apposition opened by a named possessor describes the name ("Kestrel, the Trust\'s wader programme")', () => {
  const kestrel = extract("Hallie Corvane will lead Kestrel, the Trust's wader recovery programme, from May.").entities.find((entity) => entity.name === 'Kestrel');
  assert.equal(kestrel?.description, 'wader recovery programme');
  assert.equal(kestrel?.type, 'Project', 'the descriptor noun votes for its type');
});

test('a place noun right after a name makes it a place; cue words after a comma are an apposition, not a cue', () => {
  const depot = extract('All trams are stabled at Velbrook Marsh depot while the line is closed.').entities.find((entity) => entity.name === 'Velbrook Marsh');
  assert.equal(depot?.type, 'Location');
  assert.ok(depot?.votes?.some((vote) => vote.cue === 'after' && vote.phrase === 'depot'));
  // "works" may be a verb: a noun ending in "s" after a name is no place cue.
  const firm = extract('Corvel Tarrant works with the port on dredging.').entities.find((entity) => entity.name === 'Corvel Tarrant');
  assert.ok(!firm?.votes?.some((vote) => vote.type === 'Location'));
  const apposition = extract('Merrow Quint, upgrade lead, said the work was on time.').entities.find((entity) => entity.name === 'Merrow Quint');
  assert.ok(!apposition?.votes?.some((vote) => vote.cue === 'after' && vote.phrase === 'upgrade'), 'the apposition is read as a descriptor, not as an "upgrade" cue after the name');
});

test('a cue noun inside a name types it: "the Velbrook Stops Programme", "Project Corvel"', () => {
  const result = extract('The authority launched the Velbrook Stops Programme in May. Work on Project Corvel starts in June.');
  const typeOf = (name: string) => result.entities.find((entity) => entity.name === name)?.type;
  assert.equal(typeOf('Velbrook Stops Programme'), 'Project');
  assert.equal(typeOf('Project Corvel'), 'Project');
});

test('a trade noun that opens a sentence before a coined name is part of the firm\'s name; other opening words are not', () => {
  const known = new Set(['constructions', 'nouvelles', 'désignée', 'reprendra', 'les', 'doublages', 'afterwards', 'said', 'the', 'contract', 'depuis']);
  const names = (sentence: string, language: 'en' | 'fr') => findCandidateMentions(sentence, known, { language }).map((mention) => mention.surface);
  assert.deepEqual(names('Constructions Mérival, désignée en urgence, reprendra les doublages.', 'fr'), ['Constructions Mérival']);
  // An adverb or a preposition is no trade: "Afterwards", "Depuis" stay out of the name.
  assert.deepEqual(names('Afterwards Velquist said the contract had lapsed.', 'en'), ['Velquist']);
  assert.deepEqual(names('Depuis Rennes, la société pilote le chantier.', 'fr'), ['Rennes']);
  // A dictionary word after the trade noun is no coined name: the ordinary opening word still goes.
  assert.deepEqual(names('Constructions Nouvelles ont commencé.', 'fr'), []);
});

test('a legal form ending a name types it as an organisation (LLP, Pty, BV)', () => {
  for (const name of ['Halvard Benn LLP', 'Corrow Mining Pty', 'Veldhaven Logistiek BV']) {
    const result = extract(`The accounts were audited by ${name} last year.`);
    assert.equal(result.entities.find((entity) => entity.name === name)?.type, 'Organisation', name);
  }
});

test('a place is typed by the verb or facility noun that sets it ("installé à X", "production site in X")', () => {
  const french = extract('Le calculateur Orvane sera installé à Merlanges dès 2025.', 'fr');
  assert.equal(french.entities.find((entity) => entity.name === 'Merlanges')?.type, 'Location');
  const theatre = extract('La troupe jouera au Théâtre Corvelle en mai.', 'fr');
  assert.equal(theatre.entities.find((entity) => entity.name === 'Théâtre Corvelle')?.type, 'Location', 'a French name that starts with the kind of place it is');
  const english = extract('Two engineers visited the production site in Caddow last May.');
  assert.equal(english.entities.find((entity) => entity.name === 'Caddow')?.type, 'Location');
});

test('a date between two names says when, not how they relate: "was acquired on 30 April by" is an ownership read passively', () => {
  const relations = extract('Velbrook Electrical Services was acquired on 30 April by the Corvel Group, a facilities business.').relations;
  const owns = relations.find((relation) => relation.type === 'OWNS');
  assert.equal(owns?.source, 'Corvel Group');
  assert.equal(owns?.target, 'Velbrook Electrical Services');
  assert.equal(owns?.voice, 'passive');
  const french = extract('La société Brenvale Industrie a été rachetée le 1er avril par le groupe Kestrel Holding.', 'fr').relations.find((relation) => relation.type === 'OWNS');
  assert.deepEqual([french?.source, french?.target], ['Kestrel Holding', 'Brenvale Industrie']);
});

test('a passive participle opening the last comma-led phrase relates the later name to the earlier one ("X trams, numbered …, all built by Y")', () => {
  const relations = extract('Orvane Transit owns twelve KX-9 articulated trams, numbered 101 to 112, all built by the Harlow Rail Company at its Pelmont works.').relations;
  const makes = relations.find((relation) => relation.type === 'MAKES');
  assert.deepEqual([makes?.source, makes?.target, makes?.voice], ['Harlow Rail Company', 'KX-9', 'passive']);
  const french = extract('Le réseau exploite douze rames KX-9, numérotées de 101 à 112, toutes fabriquées par la société Harlow Ferroviaire.', 'fr').relations.find((relation) => relation.type === 'MAKES');
  assert.deepEqual([french?.source, french?.target], ['Harlow Ferroviaire', 'KX-9']);
  // The participle qualifies the noun just before its comma, here "the depot", not the earlier name.
  const depot = extract('The KX-9 trams run every ten minutes, the depot built by the Harlow Rail Company in 1990.').relations;
  assert.ok(!depot.some((relation) => relation.type === 'MAKES'));
  const verb = extract('Orvane Transit inspected the new low-floor trams, all built by the Harlow Rail Company.').relations;
  assert.ok(!verb.some((relation) => relation.type === 'MAKES'), 'words with a function word before the comma are a clause, not the name\'s noun phrase');
});

test('a completed act\'s dates say when it was done: the fact holds from then on, while other facts keep the range', () => {
  const relations = extract('The KX-9 trams were built by the Harlow Rail Company between 1998 and 2000.').relations;
  const makes = relations.find((relation) => relation.type === 'MAKES');
  assert.equal(makes?.validFrom, '1998');
  assert.equal(makes?.validTo, null);
  const worked = extract('Tom Hale worked for Verinta Holdings between 1998 and 2000.').relations.find((relation) => relation.source === 'Tom Hale');
  assert.deepEqual([worked?.validFrom, worked?.validTo], ['1998', '2000']);
});

test('"that" before a given name and surname that a verb follows opens a clause: the name is still a person\'s', () => {
  const entities = extract('Corvel Minerals is delighted to announce that Irena Vellacott has joined the board.').entities;
  assert.equal(entities.find((entity) => entity.name === 'Irena Vellacott')?.type, 'Person');
  const contract = extract('The board approved that Corvel Quarry contract last year.').entities;
  assert.notEqual(contract.find((entity) => entity.name === 'Corvel Quarry')?.type, 'Person', 'a determiner before a name a noun follows');
});
