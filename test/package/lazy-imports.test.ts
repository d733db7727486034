import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import { indexExample } from '../helpers/example-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const run = promisify(execFile);
const folder = makeTempDir('rhizome-lazy-imports-');
const workspace = path.join(folder, 'workspace');
const root = path.resolve(import.meta.dirname, '..', '..');
const HEAVY = /(^|\/)(hono|@hono\/node-server|@modelcontextprotocol\/sdk)(\/|$)/;

before(async () => {
  await indexExample(workspace);
  writeFileSync(path.join(folder, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nlet log;\nexport function initialize(data) { log = data.log; }\nexport async function resolve(specifier, context, next) { appendFileSync(log, specifier + '\\n'); return next(specifier, context); }\n");
});

/** Runs node with a resolve hook that records every module specifier; returns them. */
async function importedBy(name: string, args: string[]): Promise<string[]> {
  const log = path.join(folder, `${name}.log`);
  writeFileSync(log, '');
  const register = path.join(folder, `${name}-register.mjs`);
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(folder, 'hooks.mjs')).href)}, { data: { log: ${JSON.stringify(log)} } });\n`);
  await run(process.execPath, ['--import', import.meta.resolve('tsx'), '--import', pathToFileURL(register).href, ...args], { cwd: root, timeout: 120_000 });
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

test('importing the core and answering a query loads neither hono nor the MCP SDK; importing the server does', async () => {
  const core = await importedBy('core', ['--input-type=module', '-e', `const { createRhizome } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'src/index.ts')).href)}); const rhizome = createRhizome({ workspace: ${JSON.stringify(workspace)} }); await rhizome.query('Who leads the Kite programme?'); await rhizome.close();`]);
  assert.ok(core.some((specifier) => specifier.includes('kuzu')), 'the hook saw the imports');
  assert.deepEqual(core.filter((specifier) => HEAVY.test(specifier)), []);
  const server = await importedBy('server', ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(path.join(root, 'src/server/index.ts')).href)});`]);
  assert.ok(server.some((specifier) => HEAVY.test(specifier)), 'control: the server entry imports hono');
});

test('CLI commands other than serve and mcp load neither hono nor the MCP SDK', async () => {
  const cli = await importedBy('cli', [path.join(root, 'src/cli/main.ts'), '--workspace', workspace, 'stats']);
  assert.deepEqual(cli.filter((specifier) => HEAVY.test(specifier)), []);
});
