import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { indexExample } from '../helpers/example-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const folder = makeTempDir('rhizome-readme-api-');
const workspace = path.join(folder, 'workspace');
let rhizome: Rhizome;
let server: RunningServer;

before(async () => {
  await indexExample(workspace);
  rhizome = createRhizome({ workspace });
  server = await createServer({ rhizome, port: 0, indexRoots: [root], mcp: false });
});
after(async () => {
  await server.close();
  await rhizome.close();
});

/** The README's curl block, between its api-examples markers. */
function readmeCurlBlock(): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const block = /<!-- api-examples:start -->\s*```bash\n([\s\S]*?)```\s*<!-- api-examples:end -->/.exec(readme)?.[1];
  assert.ok(block, 'README.md has the api-examples block');
  return block;
}

test("the README's curl examples run against `rhizome serve` on the example workspace, every one answered 2xx", { timeout: 120_000 }, async () => {
  const script = `set -euo pipefail\ncurl() { command curl -f "$@"; echo; }\n${readmeCurlBlock().replaceAll('http://127.0.0.1:7420', server.url)}`;
  const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: folder, timeout: 110_000, maxBuffer: 32 * 1024 * 1024 });
  assert.match(stdout, /"found":true/);
  assert.match(stdout, /event: answer/);
  assert.match(stdout, /"name":"Jonas Berg"/);
  assert.match(stdout, /Lumen Optics/);
  assert.match(stdout, /event: end/);
  assert.match(stdout, /Sources:/);
  assert.match(stdout, /"openapi":"3.1.0"/);
  await server.jobs.drain();
  const documents = await rhizome.documents();
  assert.ok(documents.some((document) => document.path.endsWith('notes.md')), 'the uploaded file was indexed');
});
