import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { indexedTexts } from '../helpers/indexed-texts.js';

/**
 * Reference documentation heads each option with its name ("Shared Options › pollMode"). A question
 * about that option reaches the passage it heads, as a question about a page's subject reaches the page;
 * and when it asks for no kind of entity ("which values …"), that passage answers, not a relation path
 * to whatever else the option is mentioned with.
 */
const TEXTS: Record<string, string> = {
  'options.md': [
    '# Shared Options',
    '',
    '## pollMode',
    '',
    "- **Type:** `'push' | 'pull'`",
    "- **Default:** `'pull'`",
    '',
    'How a Kestrel worker learns of new jobs.',
    '',
    '## retryLimit',
    '',
    '- **Type:** `number`',
    '- **Default:** `3`',
    '',
    'How often a failed Kestrel job is tried again.',
  ].join('\n'),
  'workers.md': '# Workers\n\nKestrel workers run jobs from the Ferrule queue. Related: pollMode, Ferrule adapters, retryLimit.\n\nFerrule adapters accept the values of the pollMode option and keep its default for every Kestrel worker.\n',
  'queues.md': '# Queues\n\nThe Ferrule queue keeps jobs until a Kestrel worker takes them. Ferrule adapters connect it to Kestrel.\n',
};

describe('an option named by a question is answered from the section it heads', () => {
  const indexed = indexedTexts(TEXTS);

  test('the section headed by the option comes first in the context', async () => {
    const context = await indexed.rhizome().retrieve('What values does the pollMode option accept, and which one is the default?', { mode: 'local' });
    assert.equal(context.chunks[0]?.chunk.section, 'Shared Options › pollMode', context.chunks.map((item) => `${item.chunk.section}: ${item.chunk.text}`).join('\n'));
  });

  test('the answer quotes that section, and leads with no entity a path reaches', async () => {
    const answer = await indexed.rhizome().query('What values does the pollMode option accept, and which one is the default?');
    assert.match(answer.answer, /pollMode Type: 'push' \| 'pull' Default: 'pull'/, answer.answer);
    assert.doesNotMatch(answer.answer, /^[^.]* — /, answer.answer);
  });
});
