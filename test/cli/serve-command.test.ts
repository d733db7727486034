import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { indexExample } from '../helpers/example-workspace.js';
import { freePort, startServe } from '../helpers/serve-process.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const folder = makeTempDir('rhizome-serve-cli-');
const workspace = path.join(folder, 'workspace');
const TOKEN = 'serve-cli-test-token-0123456789';

before(() => indexExample(workspace));

for (const host of ['0.0.0.0', '::']) {
  test(`\`rhizome serve --workspace … --host ${host}\` without a token refuses to start (exit 2, naming --token and RHIZOME_SERVER_TOKEN)`, async () => {
    const refused = startServe(folder, ['serve', '--workspace', workspace, '--host', host, '--port', String(await freePort())]);
    assert.equal(await refused.exited, 2, refused.output());
    assert.match(refused.output(), /exposes the workspace beyond this machine: give a token \(--token or RHIZOME_SERVER_TOKEN\)/);
    assert.doesNotMatch(refused.output(), /Rhizome API on/);
  });
}

test('a token under 16 characters is refused beyond loopback too, from the flag or from RHIZOME_SERVER_TOKEN', async () => {
  const fromFlag = startServe(folder, ['serve', '--workspace', workspace, '--host', '0.0.0.0', '--port', String(await freePort()), '--token', 'short']);
  assert.equal(await fromFlag.exited, 2, fromFlag.output());
  assert.match(fromFlag.output(), /at least 16 characters/);
  const fromEnv = startServe(folder, ['serve', '--workspace', workspace, '--host', '0.0.0.0', '--port', String(await freePort())], { RHIZOME_SERVER_TOKEN: 'short' });
  assert.equal(await fromEnv.exited, 2, fromEnv.output());
  assert.match(fromEnv.output(), /at least 16 characters/);
});

test('beyond loopback with a token from RHIZOME_SERVER_TOKEN it starts, and the API needs the bearer token (/health does not)', { timeout: 60_000 }, async () => {
  const port = await freePort();
  const server = startServe(folder, ['serve', '--workspace', workspace, '--host', '0.0.0.0', '--port', String(port)], { RHIZOME_SERVER_TOKEN: TOKEN });
  try {
    await server.ready;
    assert.match(server.output(), /token required/);
    const url = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${url}/health`)).status, 200);
    const anonymous = await fetch(`${url}/api/stats`);
    assert.equal(anonymous.status, 401);
    assert.equal(((await anonymous.json()) as { error: { code: string } }).error.code, 'UNAUTHORIZED');
    assert.equal((await fetch(`${url}/api/stats`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status, 401);
    const stats = await fetch(`${url}/api/stats`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(stats.status, 200);
    assert.ok(((await stats.json()) as { documents: number }).documents >= 8);
  } finally {
    assert.equal(await server.stop(), 0, server.output());
  }
});
