import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countTokens } from '../../src/chunking/tokens.js';

test('counts o200k tokens and treats special-token text as plain text', () => {
  assert.equal(countTokens(''), 0);
  assert.equal(countTokens('hello'), 1);
  assert.ok(countTokens('The Calder Bay Infrastructure Authority awarded a contract.') > 5);
  assert.ok(countTokens('<|endoftext|>') > 1, 'a literal special token is not one token');
});
