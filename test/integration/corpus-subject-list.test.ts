import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { indexedTexts } from '../helpers/indexed-texts.js';

/** An organisation's own notices: it is named in more of them than anything else of its type, and mostly called "the Trust". */
const NOTICES: Record<string, string> = {
  'cameras.txt': 'Cameras for Glimmer\n\nThe Velbrook Parks Trust has selected Corvane Optics to supply thermal cameras for the Glimmer programme. Corvane Optics will deliver the first cameras in May.',
  'plugs.txt': 'Plugs for Mossfen\n\nTarnwell Nurseries will supply sphagnum plugs to the Trust for the Mossfen programme. The plugs are grown at Tarnwell Nurseries near Oakham.',
  'fleet.txt': 'Ranger fleet\n\nThe Velbrook Parks Trust has awarded Ashby Autocare Ltd a contract to maintain its ranger vehicles. Ashby Autocare Ltd services the quad bikes monthly.',
  'booking.txt': 'Booking platform\n\nThe Trust has appointed Pellow Systems to build the booking platform of the Waymark programme. Pellow Systems will host it for three years.',
  'review.txt': 'Annual review\n\nThe Velbrook Parks Trust opened two visitor centres this year. The Velbrook Parks Trust also planted 40,000 trees on Braeside Moor.',
  'audit.txt': 'Shop accounts\n\nThe Internal Audit team reviewed the shop accounts of the Trust in October. Its report found no material errors.',
};

describe('a list question naming only the corpus\'s own subject asks for every item of the kind', () => {
  const indexed = indexedTexts(NOTICES);

  test('"list the outside companies the Velbrook Parks Trust buys from" lists the suppliers across the notices, not the Trust', async () => {
    const answer = await indexed.rhizome().query('List the outside companies the Velbrook Parks Trust buys goods or services from.', { mode: 'auto' });
    assert.equal(answer.metadata.route, 'global', answer.metadata.reason);
    for (const supplier of ['Corvane Optics', 'Tarnwell Nurseries', 'Ashby Autocare', 'Pellow Systems']) assert.ok(answer.answer.includes(supplier), `${supplier} in: ${answer.answer}`);
    assert.ok(!answer.answer.includes('Velbrook Parks Trust'), answer.answer);
    // "The Internal Audit team" is one of the Trust's own units, not a firm it buys from.
    assert.ok(!answer.answer.includes('Internal Audit'), answer.answer);
  });

  test('the same question about one supplier stays on the graph; the profile can turn the subject rule off', async () => {
    const named = await indexed.rhizome().query('Which programmes does Corvane Optics supply?', { mode: 'auto' });
    assert.equal(named.metadata.route, 'local', named.metadata.reason);
    const off = createRhizome({ workspace: indexed.workspace, query: { ranking: { linking: { backgroundCommonness: 1.1, subjectDominance: 0 } } } });
    try {
      assert.equal((await off.query('List the outside companies the Velbrook Parks Trust buys goods or services from.', { mode: 'auto' })).metadata.route, 'local');
    } finally {
      await off.close();
    }
  });
});

describe('a firm the notices name short and in full is listed once', () => {
  const indexed = indexedTexts({
    ...NOTICES,
    'paint.txt': 'Paint for the visitor centres\n\nThe Velbrook Parks Trust has chosen Orrin & Tallis Coatings to supply paint for the two visitor centres. Orrin & Tallis will deliver the first batch in June.',
    'signals.txt': 'Signals for the heritage railway\n\nThe Velbrook Parks Trust has hired Rail Systems to supply and maintain the signals of the heritage railway. Rail Systems will inspect the signals every quarter for the Trust.',
    'fencing.txt': 'Fencing\n\nOrrin & Tallis also repaired the fencing around the Trust\'s compound in March, and the Velbrook Parks Trust paid Orrin & Tallis from the estates budget.',
  });

  test('names of ordinary words only ("Rail Systems") come after the names with a word of their own', async () => {
    const answer = await indexed.rhizome().query('List the outside companies the Velbrook Parks Trust buys goods or services from.', { mode: 'auto' });
    const position = (name: string) => answer.answer.indexOf(name);
    assert.ok(position('Rail Systems') > 0, answer.answer);
    for (const firm of ['Corvane Optics', 'Tarnwell Nurseries', 'Pellow Systems']) assert.ok(position(firm) >= 0 && position(firm) < position('Rail Systems'), answer.answer);
  });

  test('under whichever of its names ranks first, leaving the room to another firm', async () => {
    const answer = await indexed.rhizome().query('List the outside companies the Velbrook Parks Trust buys goods or services from.', { mode: 'auto' });
    assert.equal(answer.metadata.route, 'global', answer.metadata.reason);
    assert.equal(answer.answer.split('Orrin & Tallis').length - 1, 1, answer.answer);
  });
});

describe('a list question about the organisation the notices name most lists the firms of the kind across them', () => {
  // The Trust leads the organisations (three passages) without being named twice as often as the next (Corvane Optics, two).
  const indexed = indexedTexts({
    'cameras.txt': 'Cameras for Glimmer\n\nThe Velbrook Parks Trust has selected Corvane Optics to supply thermal cameras for the Glimmer programme.',
    'lenses.txt': 'Lenses\n\nCorvane Optics will deliver the first camera lenses in May.',
    'plugs.txt': 'Plugs for Mossfen\n\nTarnwell Nurseries will supply sphagnum plugs to the Velbrook Parks Trust for the Mossfen programme.',
    'fleet.txt': 'Ranger fleet\n\nThe Velbrook Parks Trust has awarded Ashby Autocare Ltd a contract to maintain its ranger vehicles.',
    'moor.txt': 'Braeside Moor\n\nCurlews nested on Braeside Moor again this spring, near the Oakham road.',
    'bridge.txt': 'Footbridge\n\nThe Mossfen footbridge reopened after repairs by Harlow Joinery.',
    'volunteers.txt': 'Volunteers\n\nForty volunteers cleared bracken at Kestrel Wood in March.',
    'shop.txt': 'Shop\n\nThe shop at Oakham sold out of maps during the summer holidays.',
  });

  test('"list the outside companies the Velbrook Parks Trust relies on" goes to the community reports; with the subject rule off, it stays on the graph', async () => {
    const question = 'List the outside companies the Velbrook Parks Trust relies on as suppliers or contractors.';
    const answer = await indexed.rhizome().query(question, { mode: 'auto' });
    assert.equal(answer.metadata.route, 'global', answer.metadata.reason);
    const off = createRhizome({ workspace: indexed.workspace, query: { ranking: { linking: { subjectDominance: 0 } } } });
    try {
      assert.equal((await off.query(question, { mode: 'auto' })).metadata.route, 'local');
    } finally {
      await off.close();
    }
  });
});
