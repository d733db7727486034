import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { indexedTexts } from '../helpers/indexed-texts.js';

/** Documentation of one product: its name is in every page, so naming it says nothing about where the answer is. */
const PAGES: Record<string, string> = {
  'logging.md': '# Logging\n\nThe logger of Velbrook is quillog, a fast JSON logger. The default log level of Velbrook is info.',
  'routing.md': '# Routing\n\nVelbrook matches routes with a radix tree. Routes of Velbrook are declared with a method and a path.',
  'testing.md': '# Testing\n\nVelbrook injects fake requests for tests. Tests of Velbrook run without a network.',
  'team.md': '# Team\n\nVelbrook is maintained by Irena Moss and Tobias Lund. Irena Moss leads the Velbrook release team.',
  'history.md': '# History\n\nVelbrook began in 2019. Version 3 of Velbrook dropped the legacy router.',
};

describe('a question that names only the background subject and asks for a kind the graph lacks is answered from passages', () => {
  const indexed = indexedTexts(PAGES);

  test('"which logger does Velbrook use" goes to passages and finds the logging page', async () => {
    const answer = await indexed.rhizome().query('Which logger does Velbrook use?', { mode: 'auto' });
    assert.equal(answer.metadata.route, 'naive', answer.metadata.reason);
    assert.match(answer.answer, /quillog/, answer.answer);
  });

  test('a question about a person stays on the graph, and the profile turns the rule off', async () => {
    const who = await indexed.rhizome().query('Who leads the Velbrook release team?', { mode: 'auto' });
    assert.equal(who.metadata.route, 'local', who.metadata.reason);
    const off = createRhizome({ workspace: indexed.workspace, query: { ranking: { linking: { backgroundCommonness: 1.1, subjectDominance: 0 } } } });
    try {
      assert.equal((await off.query('Which logger does Velbrook use?', { mode: 'auto' })).metadata.route, 'local');
    } finally {
      await off.close();
    }
  });
});

describe('a question that names no entity follows no path from the background subject', () => {
  const indexed = indexedTexts(PAGES);

  test('the paths of a hybrid answer start from what the best passages name besides the subject; the profile turns the rule off', async () => {
    const question = 'What log level is the default?';
    const answer = await indexed.rhizome().query(question, { mode: 'hybrid' });
    assert.ok(!answer.paths.some((path) => path.startsWith('Velbrook')), answer.paths.join('\n'));
    const off = createRhizome({ workspace: indexed.workspace, query: { ranking: { linking: { backgroundCommonness: 1.1, subjectDominance: 0 } } } });
    try {
      assert.ok((await off.query(question, { mode: 'hybrid' })).paths.some((path) => path.startsWith('Velbrook')));
    } finally {
      await off.close();
    }
  });
});
