import { loadDocuments } from './src/ingest/load-documents.js';
import { chunkDocument } from './src/chunking/chunk-document.js';
import { splitSentences } from './src/chunking/sentences.js';
let t = Date.now();
const { documents } = await loadDocuments('/work/shared/eval/corpora/corpus_en');
console.log('load', documents.length, Date.now() - t);
for (const d of documents.slice(0, 3)) { console.log(d.title, '|', d.date); for (const s of splitSentences(d.text, d.language)) console.log('  >', s.text.slice(0, 110)); }
const big = { ...documents[0]!, text: documents.map(d => d.text).join('\n\n').repeat(20) };
console.log('big chars', big.text.length);
t = Date.now(); const sentences = splitSentences(big.text, 'en'); console.log('sentences', sentences.length, Date.now() - t, 'ms');
t = Date.now(); const chunks = chunkDocument(big); console.log('chunks', chunks.length, Date.now() - t, 'ms');
