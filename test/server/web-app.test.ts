import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { createApp } from '../../src/server/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const base = makeTempDir('rhizome-web-files-');
const webDirectory = path.join(base, 'web');
const TOKEN = 'web-app-test-token-0123456789';
let rhizome: Rhizome;

before(() => {
  mkdirSync(webDirectory);
  writeFileSync(path.join(webDirectory, 'index.html'), '<!doctype html><title>explorer</title><script type="module" src="assets/app.js"></script>');
  writeFileSync(path.join(webDirectory, 'app.js'), 'console.log("explorer");');
  writeFileSync(path.join(webDirectory, 'styles.css'), 'body { margin: 0 }');
  writeFileSync(path.join(webDirectory, 'notes.txt'), 'not a web file');
  writeFileSync(path.join(base, 'secret.js'), 'outside the web folder');
  rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
});
after(() => rhizome.close());

test('the page and its files are served without a token; the API behind them still needs it', async () => {
  const { app } = createApp({ rhizome, token: TOKEN, webDirectory });
  const page = await app.request('/');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'; script-src 'self'/);
  assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  assert.match(await page.text(), /<title>explorer<\/title>/);
  const script = await app.request('/assets/app.js');
  assert.equal(script.status, 200);
  assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
  assert.match((await app.request('/assets/styles.css')).headers.get('content-type') ?? '', /^text\/css/);
  assert.equal((await app.request('/api/stats')).status, 401);
  assert.equal((await app.request('/assets/app.js', { method: 'POST' })).status, 401, 'only GET is open');
});

test('only the files of the web folder are served: no other extension, no path out of it', async () => {
  const { app } = createApp({ rhizome, webDirectory });
  for (const requested of ['/assets/notes.txt', '/assets/..%2Fsecret.js', '/assets/../secret.js', '/assets/index.html', '/assets/missing.js']) {
    const response = await app.request(requested);
    assert.equal(response.status, 404, requested);
    assert.doesNotMatch(await response.text(), /outside the web folder/, requested);
  }
});

test('without a built web app, / says how to build it; webDirectory false serves no page', async () => {
  const unbuilt = await createApp({ rhizome, webDirectory: path.join(base, 'nowhere') }).app.request('/');
  assert.equal(unbuilt.status, 404);
  assert.match(((await unbuilt.json()) as { error: { message: string } }).error.message, /npm run build/);
  const none = await createApp({ rhizome, webDirectory: false }).app.request('/');
  assert.equal(none.status, 404);
  assert.match(((await none.json()) as { error: { message: string } }).error.message, /no route GET \//);
});
