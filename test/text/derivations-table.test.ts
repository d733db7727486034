import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { ENGLISH_DERIVATIONS } from '../../src/text/lang/en-derivations.js';

test('the English derivations table is what `npm run derivations` makes from WordNet', () => {
  // Throws (exit status 1, with the reason on stderr) when the file was edited by hand or WordNet's package changed.
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/derivations.ts', '--check'], { stdio: ['ignore', 'pipe', 'pipe'] });
});

test('the table holds plain lower-case words, each pair once, under the word that sorts first', () => {
  const lines = ENGLISH_DERIVATIONS.split('\n').filter((line) => line !== '');
  assert.ok(lines.length > 10_000, `${lines.length} lines`);
  const pairs = new Set<string>();
  let previous = '';
  for (const line of lines) {
    const [word, ...others] = line.split(' ');
    assert.match(line, /^[a-z]+( [a-z]+)+$/);
    assert.ok((word as string) > previous, `${word} after ${previous}`);
    previous = word as string;
    for (const other of others) {
      assert.ok(other > (word as string), `${word} ${other}`);
      assert.equal(pairs.has(`${word} ${other}`), false);
      pairs.add(`${word} ${other}`);
    }
  }
  assert.ok(lines.includes('maintain maintainable maintainer maintenance'));
});
