import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { indexExample } from '../helpers/example-workspace.js';
import { freePort, startServe, type ServeProcess } from '../helpers/serve-process.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const folder = makeTempDir('rhizome-readme-api-');
const workspace = path.join(folder, 'workspace');
let server: ServeProcess;
let url: string;

// The real command line, in its own process, as the README starts it (options after `serve` too).
before(async () => {
  await indexExample(workspace);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const started = startServe(folder, ['serve', '--workspace', workspace, '--port', String(port), '--index-root', root]);
  server = started;
  await started.ready;
});
after(async () => {
  await server?.stop();
});

/** The README's curl block, between its api-examples markers. */
function readmeCurlBlock(): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const block = /<!-- api-examples:start -->\s*```bash\n([\s\S]*?)```\s*<!-- api-examples:end -->/.exec(readme)?.[1];
  assert.ok(block, 'README.md has the api-examples block');
  return block;
}

test("the README's curl examples run against `rhizome serve --workspace …` on the example workspace, every one answered 2xx", { timeout: 180_000 }, async () => {
  const script = `set -euo pipefail\ncurl() { command curl -f "$@"; echo; }\n${readmeCurlBlock().replaceAll('http://127.0.0.1:7420', url)}`;
  const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: folder, timeout: 150_000, maxBuffer: 32 * 1024 * 1024 });
  assert.match(stdout, /"found":true/);
  assert.match(stdout, /event: answer/);
  assert.match(stdout, /"name":"Jonas Berg"/);
  assert.match(stdout, /Lumen Optics/);
  assert.match(stdout, /event: end/);
  assert.match(stdout, /Sources:/);
  assert.match(stdout, /"openapi":"3.1.0"/);
  const rows = /\{"rows":(\[[^\]]*\])\}/.exec(stdout)?.[1];
  assert.ok(rows, 'the Cypher example answered rows');
  assert.ok((JSON.parse(rows) as Array<{ name: unknown }>).every((row) => typeof row.name === 'string'), `the Cypher example returns names only: ${rows}`);
  // Jobs run one at a time: once the last (the upload) is done, the uploaded file is in the graph.
  const jobs = (await (await fetch(`${url}/api/index/jobs`)).json()) as { jobs: Array<{ id: string }> };
  for (const job of jobs.jobs) await (await fetch(`${url}/api/index/jobs/${job.id}?wait=true`)).arrayBuffer();
  const documents = (await (await fetch(`${url}/api/documents`)).json()) as { documents: Array<{ path: string }> };
  assert.ok(documents.documents.some((document) => document.path.endsWith('notes.md')), 'the uploaded file was indexed');
  assert.equal(await server.stop(), 0, `stopped cleanly on SIGTERM:\n${server.output()}`);
});
