import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { test } from 'node:test';
import { createRhizome, isRhizomeError } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const HOLDER = `
import { createRhizome } from ${JSON.stringify(path.resolve('src/index.ts'))};
const rhizome = createRhizome({ workspace: process.argv[process.argv.length - 1] });
await rhizome.stats();
process.stdout.write('READY\\n');
process.stdin.resume();
process.stdin.on('end', async () => { await rhizome.close(); process.exit(0); });
`;

test('a workspace held by another process gives a clear WORKSPACE_LOCKED error, then works once released', async () => {
  const workspace = path.join(makeTempDir(), 'workspace');
  const holder = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', HOLDER, workspace], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (data: Buffer) => (data.toString().includes('READY') ? resolve() : undefined));
      holder.once('exit', (code) => reject(new Error(`holder exited early with ${code}`)));
    });
    const rhizome = createRhizome({ workspace });
    await assert.rejects(rhizome.stats(), (error: unknown) => {
      assert.ok(isRhizomeError(error, 'WORKSPACE_LOCKED'));
      assert.match(error.message, /in use by another process/);
      assert.match(error.message, /graph\.kuzu/);
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
