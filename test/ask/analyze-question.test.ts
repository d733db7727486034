import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { validateConfig } from '../../src/config/load-config.js';
import { contentStems } from '../../src/text/content-stems.js';

const schema = validateConfig({}).schema;

describe('analyzeQuestion: a date in the question is a constraint, not words to find', () => {
  test('French: "en mars 2024" becomes the date asked for, and neither "mars" nor "2024" is a content word', () => {
    const analysis = analyzeQuestion('Quel transporteur livrait les colis de la clinique en mars 2024 ?', schema);
    assert.deepEqual(analysis.temporal, { prefer: 'at', date: '2024-03' });
    for (const stem of [...contentStems('mars'), ...contentStems('2024')]) {
      assert.ok(!analysis.stems.includes(stem), `${stem} is not a content stem`);
      assert.ok(!analysis.contentStems.includes(stem), `${stem} is not in contentStems`);
    }
    for (const stem of contentStems('transporteur colis clinique')) assert.ok(analysis.stems.includes(stem), `${stem} kept`);
  });

  test('French: the preposition left before a removed date ("en octobre 2023") is a function word, not a word to find', () => {
    const dated = analyzeQuestion('Qui pilotait le projet Velbrook en octobre 2023 ?', schema);
    assert.deepEqual(dated.temporal, { prefer: 'at', date: '2023-10' });
    assert.deepEqual(dated.stems, analyzeQuestion('Qui pilotait le projet Velbrook ?', schema).stems);
    assert.deepEqual(contentStems('Où en est le chantier en mai ?').filter((stem) => stem === 'en'), []);
  });

  test('English: "in May 2023" the same; a question without a date keeps every word', () => {
    const dated = analyzeQuestion('Who ran the ferry service in May 2023?', schema);
    assert.deepEqual(dated.temporal, { prefer: 'at', date: '2023-05' });
    assert.ok(!dated.stems.some((stem) => contentStems('May 2023').includes(stem)), dated.stems.join(' '));
    const plain = analyzeQuestion('Who ran the ferry service?', schema);
    assert.equal(plain.temporal, null);
    assert.deepEqual(dated.stems, plain.stems);
  });
});

describe('analyzeQuestion: the kinds a chain passes through', () => {
  test('the nouns after the wh-phrase name the bridge kinds; the head noun names the answer, not a bridge', () => {
    assert.deepEqual([...analyzeQuestion('Who manages the programme delivered at the site that Alder Works inspected?', schema).bridgeKinds].sort(), ['Location', 'Project']);
    assert.deepEqual([...analyzeQuestion('Which manufacturer supplies the programme led by Bea Lund?', schema).bridgeKinds], ['Project']);
    assert.deepEqual([...analyzeQuestion('Quel fabricant équipe le site de Harrow ?', schema).bridgeKinds], ['Location']);
    assert.equal(analyzeQuestion('Bea Lund and the weather', schema).bridgeKinds.size, 0);
  });
});

describe('analyzeQuestion: a plural head noun asks for several answers', () => {
  test('plural heads in English and French; singular ones and words ending in -ss or -us are not', () => {
    const plural = (question: string) => analyzeQuestion(question, schema).answerType.headPlural;
    assert.equal(plural('Which suppliers deliver to the depot?'), true);
    assert.equal(plural('Avec quels fournisseurs et prestataires la mairie travaille-t-elle ?'), true);
    assert.equal(plural('Quel transporteur livre la clinique ?'), false);
    assert.equal(plural('Which process failed?'), false);
    assert.equal(plural('Which campus hosts the lab?'), false);
    assert.equal(plural('Who leads the depot?'), false);
  });
});

describe('analyzeQuestion: a date in a subordinate clause dates the event the question starts from', () => {
  const anchored = (question: string) => {
    const temporal = analyzeQuestion(question, schema).temporal;
    assert.equal(temporal?.prefer, 'at', question);
    return temporal?.prefer === 'at' && temporal.anchor === true;
  };

  test('relative words and participles after the asked fact anchor the date (English and French)', () => {
    assert.ok(anchored('Which firm services the ferry that ran aground at Corvel Point in May 2023?'));
    assert.ok(anchored('Who runs the depot where a fire broke out in August 2022?'));
    assert.ok(anchored('Which supplier built the crane involved in the collapse at Velbrook on 3 June 2024?'));
    assert.ok(anchored('Qui dirige le projet installé sur le site contrôlé par Vorrin en septembre 2024 ?'));
  });

  test('a date of the asked fact itself is a validity constraint, even after a relative word that opens the answer\'s own clause', () => {
    assert.ok(!anchored('Who ran the ferry service in May 2023?'));
    assert.ok(!anchored('Which firm was contracted by the port in May 2023?'));
    assert.ok(!anchored('Nommez le cabinet qui a audité la station de Vorrin en mars 2024.'));
    assert.ok(!anchored('Quelle entreprise assurait la maintenance de la station de Pierre-Haute en avril 2024 ?'));
  });
});

describe('analyzeQuestion: the words only a subordinate clause holds identify, the main part asks', () => {
  test('English and French: a relative clause after the asked thing is the subordinate one; words the main part also holds stay main', () => {
    const english = analyzeQuestion('What set off the flame detector that caused the foam discharge in Hangar 4 in March 2023?', schema);
    assert.deepEqual([...english.subordinateStems].sort(), contentStems('caused foam discharge hangar').sort());
    const french = analyzeQuestion("Quel mécène finance l'essai dont le monitoring a été confié à Orvelle ?", schema);
    assert.deepEqual([...french.subordinateStems].sort(), contentStems('monitoring confié Orvelle').sort());
    const shared = analyzeQuestion('Which supplier delivers the parts that the supplier of Kessel repairs?', schema);
    assert.ok(!shared.subordinateStems.has(contentStems('supplier')[0] as string), 'a word of both parts is the main part\'s');
  });

  test('a question whose clause is its own ("who reviewed X", "the auditors who reviewed X") has no subordinate words', () => {
    assert.equal(analyzeQuestion('Who leads the Kessel project?', schema).subordinateStems.size, 0);
    assert.equal(analyzeQuestion('Which auditors reviewed the accounts of Kessel?', schema).subordinateStems.size, 0);
  });

  test('the main part\'s words, the head noun left out, say what the answer does; none without a clause, nor for a second question', () => {
    const english = analyzeQuestion('Which contractor resumed drilling at the prospect where the Kessel agreement was terminated?', schema);
    assert.deepEqual([...english.mainClauseStems].sort(), contentStems('resumed drilling prospect').sort());
    const french = analyzeQuestion('Quelle entreprise doit livrer les canalisations du projet confié à Léa Morvan ?', schema);
    assert.ok(french.mainClauseStems.has(contentStems('livrer')[0] as string) && !french.mainClauseStems.has(contentStems('entreprise')[0] as string));
    assert.equal(analyzeQuestion('Who leads the Kessel project?', schema).mainClauseStems.size, 0);
    assert.equal(analyzeQuestion('Which tool minifies CSS by default, and which option lets that tool replace PostCSS?', schema).mainClauseStems.size, 0);
  });
});
