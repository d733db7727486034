import assert from 'node:assert/strict';
import path from 'node:path';
import { once } from 'node:events';
import { test } from 'node:test';
import { createRhizome, isRhizomeError } from '../../src/index.js';
import { holdWorkspace } from '../helpers/hold-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test('a workspace held by another process gives a WORKSPACE_LOCKED error naming that process, then works once released', async () => {
  const workspace = path.join(makeTempDir(), 'workspace');
  const holder = await holdWorkspace(workspace);
  try {
    const rhizome = createRhizome({ workspace });
    await assert.rejects(rhizome.stats(), (error: unknown) => {
      assert.ok(isRhizomeError(error, 'WORKSPACE_LOCKED'));
      assert.match(error.message, new RegExp(`in use by process ${holder.pid} \\(\`hold-workspace\\.ts `));
      assert.match(error.message, /graph\.kuzu/);
      assert.doesNotMatch(error.message, /serve/, 'names no command that does not exist');
      return true;
    });
    holder.stdin.end();
    await once(holder, 'exit');
    const stats = await rhizome.stats();
    assert.equal(stats.documents, 0);
    await rhizome.close();
  } finally {
    if (holder.exitCode === null) holder.kill();
  }
});
