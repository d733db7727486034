import { loadDocuments } from './src/ingest/load-documents.js';
import { chunkDocument } from './src/chunking/chunk-document.js';
import { splitSentences } from './src/chunking/sentences.js';
const { documents } = await loadDocuments('/work/shared/eval/corpora/corpus_en');
let t = Date.now();
for (const d of documents.slice(0, 3)) { console.log(d.title, '|', d.date); for (const s of splitSentences(d.text, d.language)) console.log('  >', s.text.slice(0, 110)); }
const big = { ...documents[0]!, text: documents.map(d => d.text).join('\n\n').repeat(60) };
console.log('big chars', big.text.length);
t = Date.now(); const chunks = chunkDocument(big); console.log('chunks', chunks.length, Date.now() - t, 'ms');
t = Date.now(); const chunks2 = chunkDocument(big, { maxTokens: 200, overlapTokens: 50 }); console.log('chunks', chunks2.length, Date.now() - t, 'ms');
const longWord = { ...big, text: 'x'.repeat(300000) };
t = Date.now(); console.log(chunkDocument(longWord, { maxTokens: 100, overlapTokens: 0 }).length, Date.now() - t, 'ms');
