import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { locateTestAsset } from '../helpers/test-assets.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

const minilm = locateTestAsset('minilm');
const base = makeTempDir();
const root = path.join(base, 'docs');
mkdirSync(root, { recursive: true });
writeFileSync(path.join(root, 'weather.txt'), 'Weather\n\nThe sun was shining all afternoon and the sky stayed clear.');
writeFileSync(path.join(root, 'finance.txt'), 'Accounts\n\nQuarterly revenue grew by four percent thanks to Orbilink contracts.');
writeFileSync(path.join(root, 'rail.txt'), 'Rail\n\nSignal faults delayed the trains on the harbour line for three weeks.');

describe('dense vectors with the real MiniLM embedder (transformers.js, offline)', { skip: minilm.skip }, () => {
  const config = { workspace: path.join(base, 'workspace'), embeddings: { provider: 'transformers' as const, modelPath: minilm.path } };

  test('indexing stores chunk and entity vectors; the vector mode finds a paraphrase no word of which is in the text', async () => {
    const rhizome = createRhizome(config);
    try {
      const summary = await rhizome.index(root);
      assert.equal(summary.vectors?.chunks, 3);
      const stats = await rhizome.stats();
      assert.equal(stats.vectors?.chunks, 3);
      assert.equal(stats.vectors?.dimensions, 384);
      assert.ok((stats.vectors?.entities ?? 0) >= 1);
      const context = await rhizome.retrieve('Was it a bright, cloudless day?', { mode: 'vector' });
      assert.match(context.chunks[0]?.chunk.documentPath ?? '', /weather\.txt$/);
      assert.match(context.searchedWith, /dense vectors/);
      const local = await rhizome.retrieve('Was it a bright, cloudless day?', { mode: 'local' });
      assert.match(local.searchedWith, /dense vectors/);
      assert.match(local.rankedChunkIds.length > 0 ? (await rhizome.chunkSources([local.rankedChunkIds[0] as string])).get(local.rankedChunkIds[0] as string) ?? '' : '', /weather\.txt$/, 'local mode finds the paraphrase through the dense hits it fuses');
      const again = await rhizome.index(root);
      assert.equal(again.usage?.total.calls ?? 0, 0, 'unchanged texts are not embedded again');
    } finally {
      await rhizome.close();
    }
  });

  test('rhizome eval reports the vector method next to bm25', () => {
    writeFileSync(path.join(base, 'rhizome.config.json'), JSON.stringify({ embeddings: config.embeddings }));
    writeFileSync(path.join(base, 'dataset.json'), JSON.stringify({
      corpus: [
        { id: 'p1', title: 'Weather', text: 'The sun was shining all afternoon and the sky stayed clear.' },
        { id: 'p2', title: 'Accounts', text: 'Quarterly revenue grew by four percent.' },
      ],
      questions: [{ id: 'q1', question: 'Was it a bright, cloudless day?', supporting: ['p1'] }],
    }));
    const result = runCli(base, '--quiet', 'eval', '--dataset', 'dataset.json', '--methods', 'bm25,vector', '--k', '1', '--json', 'recall.json');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /\| vector \| 100\.0 \|/);
  });

  test('the vector mode without an embedder says what to configure', async () => {
    const offline = createRhizome({ workspace: path.join(base, 'offline') });
    try {
      await assert.rejects(offline.retrieve('anything', { mode: 'vector' }), /embeddings\.provider/);
    } finally {
      await offline.close();
    }
  });
});
