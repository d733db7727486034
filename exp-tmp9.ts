import { chunkDocument } from './src/chunking/chunk-document.js';
import { countTokens } from './src/chunking/tokens.js';
const base = { id: 'd', path: '', format: 'txt' as const, title: '', date: null, language: 'en' as const, contentHash: '', byteSize: 0 };
for (const text of ['x'.repeat(300000), `Intro. ${'ab'.repeat(100000)} outro words here. ${'='.repeat(50000)}`]) {
  const t = performance.now();
  const chunks = chunkDocument({ ...base, text }, { maxTokens: 600, overlapTokens: 100 });
  console.log(chunks.length, Math.max(...chunks.map(c => c.tokenCount)), (performance.now() - t).toFixed(0), 'ms', countTokens(text));
}
