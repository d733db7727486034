import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileExcludePattern } from '../../src/ingest/list-files.js';

test('a pattern without a slash matches any path segment', () => {
  const nodeModules = compileExcludePattern('node_modules');
  assert.equal(nodeModules('node_modules'), true);
  assert.equal(nodeModules('packages/a/node_modules'), true);
  assert.equal(nodeModules('node_modules_backup'), false);
  const logs = compileExcludePattern('*.log');
  assert.equal(logs('deep/folder/run.log'), true);
  assert.equal(logs('run.log.txt'), false);
});

test('a pattern with a slash matches from the root, and ** crosses folders', () => {
  const drafts = compileExcludePattern('notes/drafts/');
  assert.equal(drafts('notes/drafts'), true);
  assert.equal(drafts('notes/drafts/one.md'), true);
  assert.equal(drafts('other/notes/drafts'), false);
  const secrets = compileExcludePattern('**/secret-?.md');
  assert.equal(secrets('secret-a.md'), true);
  assert.equal(secrets('a/b/secret-b.md'), true);
  assert.equal(secrets('a/secret-bb.md'), false);
});
