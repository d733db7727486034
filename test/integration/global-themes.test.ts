import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// A hospital group: five kinds of trouble, spread over documents that rarely say "risk", and two
// documents of good news. None of these words or names come from the development corpus.
const HOSPITAL: Record<string, string> = {
  'h1.txt': 'North Wing opening\n\nThe opening of the North Wing at Ellery General Hospital has been postponed by two months because Brandt Builders fell behind on the roof works. Dr Amara Okafor chairs the North Wing steering group.',
  'h2.txt': 'Board minutes\n\nThe Ellery Health Trust board noted that the radiology upgrade is running late and that Brandt Builders has asked for a further delay to the car park.',
  'h3.txt': 'IT incident report\n\nA ransomware attack encrypted the appointment system at Ellery General Hospital for six hours. Kessel Digital restored the servers; Dr Amara Okafor led the clinical response.',
  'h4.txt': 'Staffing review\n\nEllery Health Trust reports a shortage of theatre nurses and anaesthetists. Locum agency Medway Staffing covers the gaps at Ellery General Hospital.',
  'h5.txt': 'Estates inspection\n\nThe estates team found cracks in the ceiling of Ward 7 at Ellery General Hospital and a leak in the plant room. Brandt Builders will repair the plant room.',
  'h6.txt': 'Water safety\n\nLegionella contamination was found in two water tanks at Corran Community Hospital. Kessel Digital installed new temperature sensors for the Ellery Health Trust.',
  'h7.txt': 'Charity gala\n\nThe Ellery Hospital Charity raised funds for a new garden at Corran Community Hospital. Dr Amara Okafor thanked the volunteers.',
  'h8.txt': 'Catering award\n\nCorran Community Hospital won a regional award for its catering team, led by chef Tomas Hale.',
};

// A French logistics group: the same kinds of trouble, in French.
const LOGISTIQUE: Record<string, string> = {
  'f1.txt': 'Entrepôt de Vernon\n\nUne inondation a touché l’entrepôt de Vernon de Transports Aubrac après les pluies de mars. Claire Delmas dirige le site de Vernon.',
  'f2.txt': 'Recrutement\n\nTransports Aubrac signale une pénurie de chauffeurs poids lourds à Vernon et à Rodez. Le cabinet Lemaire Conseil accompagne les recrutements.',
  'f3.txt': 'Incident informatique\n\nUne cyberattaque a bloqué la plateforme de réservation de Transports Aubrac pendant deux jours. La société Ostral Informatique a rétabli le service.',
  'f4.txt': 'Livraisons\n\nLe retard des livraisons de la nouvelle flotte Kerlan s’aggrave : Transports Aubrac attend encore douze camions. Claire Delmas suit le dossier.',
  'f5.txt': 'Fête du site\n\nLe site de Rodez de Transports Aubrac a fêté ses vingt ans avec les familles des salariés.',
};

async function indexCorpus(base: string, documents: Record<string, string>): Promise<Rhizome> {
  const root = path.join(base, 'docs');
  mkdirSync(root, { recursive: true });
  for (const [name, text] of Object.entries(documents)) writeFileSync(path.join(root, name), text);
  const rhizome = createRhizome({ workspace: path.join(base, 'workspace'), communities: { maxClusterSize: 4, seed: 3 } });
  await rhizome.index(root);
  return rhizome;
}

describe('global search offline: risk themes and entity lists on corpora of other domains', () => {
  let hospital: Rhizome;
  let logistique: Rhizome;
  const hospitalBase = makeTempDir('rhizome-themes-en-');
  before(async () => {
    hospital = await indexCorpus(hospitalBase, HOSPITAL);
    logistique = await indexCorpus(makeTempDir('rhizome-themes-fr-'), LOGISTIQUE);
  });
  after(async () => {
    await hospital.close();
    await logistique.close();
  });

  test('an English question about risks names each kind of trouble and cites the documents behind it', async () => {
    const answer = await hospital.query('What are the main risks across these documents?', { mode: 'global' });
    assert.equal(answer.found, true);
    const text = answer.answer.toLowerCase();
    const themes = { schedule: /postponed|late|delay/, security: /ransomware|attack/, supply: /shortage/, deterioration: /cracks|leak/, hazard: /contamination/ };
    const named = Object.entries(themes).filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
    assert.deepEqual(named, Object.keys(themes), `themes named in: ${answer.answer}`);
    const cited = new Set(answer.citations.filter((citation) => citation.kind === 'chunk').map((citation) => path.basename(citation.path ?? '')));
    for (const file of ['h1.txt', 'h3.txt', 'h4.txt', 'h5.txt', 'h6.txt']) assert.ok(cited.has(file), `${file} cited`);
    for (const file of ['h7.txt', 'h8.txt']) assert.ok(!cited.has(file), `${file} (good news) not cited`);
    assert.match(answer.answer, /^\(1\) (?:postponed|late|delay)\b[^(;]*\(2 documents\)/, 'the theme two documents raise comes first');
  });

  test('the question\'s other words put the themes of the sentences that hold them first', async () => {
    const answer = await hospital.query('Which risks did the estates team find?', { mode: 'global' });
    assert.match(answer.answer, /^\(1\) (?:cracks|leak)\b/, answer.answer);
  });

  test('a French question about risks reads French documents the same way', async () => {
    const answer = await logistique.query('Quels sont les principaux risques dans ces documents ?', { mode: 'global' });
    const text = answer.answer.toLowerCase();
    for (const word of ['inondation', 'pénurie', 'cyberattaque', 'retard']) assert.ok(text.includes(word), `${word} in: ${answer.answer}`);
    assert.ok(!answer.citations.some((citation) => citation.path?.endsWith('f5.txt')), 'the anniversary is not a risk');
  });

  test('a list question names the organisations of that kind, each cited, and not the question\'s own subject', async () => {
    const answer = await hospital.query('Which companies does the Ellery Health Trust work with?', { mode: 'global' });
    for (const name of ['Brandt Builders', 'Kessel Digital', 'Medway Staffing']) assert.match(answer.answer, new RegExp(`${name} \\[\\d+\\]`), `${name} cited in: ${answer.answer}`);
    assert.doesNotMatch(answer.answer, /Ellery Health Trust/);
    const chunkCitations = answer.citations.filter((citation) => citation.kind === 'chunk');
    assert.ok(chunkCitations.every((citation) => citation.path?.endsWith('.txt') && !citation.label.startsWith('doc_')), 'every citation names its document');
  });

  test('the ranking profile bounds how many entities a list answer names (query.ranking.reports.listedEntities)', async () => {
    const question = 'Which companies does the Ellery Health Trust work with?';
    const names = (answer: string) => answer.match(/\[\d+\]/g)?.length ?? 0;
    assert.ok(names((await hospital.query(question, { mode: 'global' })).answer) >= 3);
    const bounded = createRhizome({ workspace: path.join(hospitalBase, 'workspace'), communities: { maxClusterSize: 4, seed: 3 }, query: { ranking: { reports: { listedEntities: 1 } } } });
    try {
      const answer = await bounded.query(question, { mode: 'global' });
      assert.equal(names(answer.answer), 1, answer.answer);
    } finally {
      await bounded.close();
    }
  });

  test('the same in French', async () => {
    const answer = await logistique.query('Quelles entreprises travaillent avec Transports Aubrac ?', { mode: 'global' });
    for (const name of ['Lemaire Conseil', 'Ostral Informatique']) assert.match(answer.answer, new RegExp(`${name} \\[\\d+\\]`), `${name} cited in: ${answer.answer}`);
    assert.doesNotMatch(answer.answer, /Transports Aubrac/);
    // Head first: "les transports" names the one entity whose name starts with that word.
    const byHead = await logistique.query('Avec quelles entreprises les transports travaillent-ils ?', { mode: 'global' });
    assert.match(byHead.answer, /Lemaire Conseil \[\d+\]/, byHead.answer);
    assert.doesNotMatch(byHead.answer, /Transports Aubrac/, byHead.answer);
  });

  test('a question that is not about risks does not read the documents as risks', async () => {
    const context = await hospital.retrieve('What are the main themes across these documents?', { mode: 'global' });
    assert.equal(context.concernLexicon, undefined);
    const answer = await hospital.query('What are the main themes across these documents?', { mode: 'global' });
    assert.doesNotMatch(answer.answer, /\(\d+ documents?\)/);
  });
});

// A document whose one organisation shares no relation and no chunk with any other entity: no community holds it.
const STANDALONE: Record<string, string> = {
  's1.txt': 'Depot works\n\nPellan Construction is building the new depot for Ardley Buses. Nora Quist manages the depot project for Ardley Buses.',
  's2.txt': 'Fleet order\n\nArdley Buses ordered twenty electric buses from Voss Coachworks. Nora Quist signed the order for Ardley Buses.',
  's3.txt': 'Delivery slip\n\nThe delivery of the electric buses from Voss Coachworks is running late, and Pellan Construction reports a delay on the depot roof.',
  's4.txt': 'Penetration test\n\nTwo critical vulnerabilities were found in the ticketing portal by Quillon Security. A second vulnerability scan is part of the cybersecurity plan.',
};

describe('corpus-wide questions read what no community holds', () => {
  let rhizome: Rhizome;
  before(async () => {
    rhizome = await indexCorpus(makeTempDir('rhizome-standalone-'), STANDALONE);
  });
  after(async () => rhizome.close());

  test('an entity alone in its document is no member of any community, yet a corpus-wide list names it, cited', async () => {
    const context = await rhizome.retrieve('Which companies appear across these documents?', { mode: 'global' });
    const quillon = context.knownEntities.concat((context.outsideCommunities?.entities ?? []).map((item) => item.entity)).find((entity) => entity.name === 'Quillon Security');
    assert.ok(quillon, 'the standalone organisation is seen');
    assert.ok(!context.communities.some((item) => item.community.memberIds.includes(quillon.id)), 'it belongs to no community');
    const answer = await rhizome.query('Which companies appear across these documents?', { mode: 'global' });
    assert.match(answer.answer, /Quillon Security \[\d+\]/, answer.answer);
    const cited = answer.citations.filter((citation) => citation.kind === 'chunk').map((citation) => path.basename(citation.path ?? ''));
    assert.ok(cited.includes('s4.txt'), `s4.txt cited: ${cited.join(', ')}`);
  });

  test('a plural "which …" question naming no entity asks for the items of that kind across the documents', async () => {
    const answer = await rhizome.query('With which contractors and suppliers do these programmes deal?', { mode: 'auto' });
    assert.equal(answer.metadata.route, 'global', answer.metadata.reason);
    for (const name of ['Pellan Construction', 'Quillon Security']) assert.match(answer.answer, new RegExp(`${name} \\[\\d+\\]`), answer.answer);
  });

  test('and its document\'s trouble is one of the risk themes, called by the word that names its family', async () => {
    const answer = await rhizome.query('What are the main risks across these documents?', { mode: 'global' });
    // "vulnerabilities" is the word used most, but the documents also name the family: "cybersecurity".
    assert.match(answer.answer, /\(\d\) cybersecurity\b[^;(]*\(1 document\)/i, answer.answer);
    assert.match(answer.answer, /\(\d\) cybersecurity: [^(]*vulnerabilit/i, answer.answer);
    assert.match(answer.answer.toLowerCase(), /late|delay/, answer.answer);
  });
});
