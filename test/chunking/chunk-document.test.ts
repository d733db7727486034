import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chunkDocument } from '../../src/chunking/chunk-document.js';
import { splitSentences } from '../../src/chunking/sentences.js';
import { countTokens } from '../../src/chunking/tokens.js';
import { stableId } from '../../src/core/ids.js';
import type { Chunk, Language, SourceDocument } from '../../src/core/records.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { buildRandomText, createRandom } from './random-text.js';

function makeDocument(text: string, language: Language = 'en'): SourceDocument {
  return {
    id: stableId('doc', '/corpus/test.txt', text.length),
    path: '/corpus/test.txt',
    format: 'txt',
    title: 'Test',
    date: null,
    language,
    contentHash: 'hash',
    byteSize: text.length,
    text,
  };
}

/** True when a string holds no lone UTF-16 surrogate. */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

function numberedSentences(count: number): string {
  return Array.from({ length: count }, (_, index) => `Sentence number ${index + 1} describes the Kestrel programme in some detail.`).join(' ');
}

/** Every invariant a chunk list must keep, whatever the text. */
function assertChunkInvariants(document: SourceDocument, chunks: Chunk[], maxTokens: number): void {
  chunks.forEach((chunk, index) => {
    assert.equal(chunk.text, document.text.slice(chunk.start, chunk.end));
    assert.equal(chunk.index, index);
    assert.equal(chunk.documentId, document.id);
    assert.equal(chunk.id, stableId('chunk', document.id, index, chunk.start, chunk.end));
    assert.equal(chunk.tokenCount, countTokens(chunk.text));
    assert.ok(chunk.tokenCount <= maxTokens, `chunk ${index} has ${chunk.tokenCount} tokens > ${maxTokens}`);
    assert.equal(chunk.text, chunk.text.trim());
    const previous = chunks[index - 1];
    if (previous) {
      assert.ok(chunk.start > previous.start, 'each chunk starts later');
      assert.ok(chunk.end > previous.end, 'each chunk adds new text');
      assert.equal(document.text.slice(previous.end, chunk.start).trim(), '', 'no text is lost between chunks');
    }
  });
  const nonBlank = document.text.replace(/\s/g, '');
  if (nonBlank === '') return assert.equal(chunks.length, 0);
  assert.equal(document.text.slice(0, chunks[0]?.start).trim(), '');
  assert.equal(document.text.slice(chunks.at(-1)?.end).trim(), '');
}

describe('chunkDocument', () => {
  test('an empty or blank document gives no chunks', () => {
    assert.deepEqual(chunkDocument(makeDocument('')), []);
    assert.deepEqual(chunkDocument(makeDocument(' \n\n ')), []);
  });

  test('a short document is one chunk of its trimmed text', () => {
    const document = makeDocument('\n  Title line\n\nOne short paragraph.  \n');
    const chunks = chunkDocument(document);
    assert.equal(chunks.length, 1);
    assert.equal(chunks[0]?.text, 'Title line\n\nOne short paragraph.');
    assertChunkInvariants(document, chunks, 600);
  });

  test('windows hold whole sentences, respect maxTokens and overlap by trailing sentences worth about overlapTokens', () => {
    const document = makeDocument(numberedSentences(120));
    const sentences = splitSentences(document.text, 'en');
    const sentenceTokens = Math.max(...sentences.map((sentence) => countTokens(sentence.text)));
    const chunks = chunkDocument(document, { maxTokens: 120, overlapTokens: 40 });
    assert.ok(chunks.length > 10);
    assertChunkInvariants(document, chunks, 120);
    const starts = new Set(sentences.map((sentence) => sentence.start));
    const ends = new Set(sentences.map((sentence) => sentence.end));
    for (const [index, chunk] of chunks.entries()) {
      assert.ok(starts.has(chunk.start) && ends.has(chunk.end), 'chunks start and end on sentence boundaries');
      if (index < chunks.length - 1) assert.ok(chunk.tokenCount > 120 - 2 * sentenceTokens, 'windows are filled');
      const previous = chunks[index - 1];
      if (!previous) continue;
      const overlapTokens = sentences
        .filter((sentence) => sentence.start >= chunk.start && sentence.end <= previous.end)
        .reduce((total, sentence) => total + countTokens(sentence.text), 0);
      assert.ok(overlapTokens <= 40, `overlap of ${overlapTokens} tokens`);
      assert.ok(overlapTokens > 40 - sentenceTokens, `overlap of ${overlapTokens} tokens is too small`);
    }
  });

  test('overlapTokens 0 gives adjacent chunks', () => {
    const document = makeDocument(numberedSentences(60));
    const chunks = chunkDocument(document, { maxTokens: 100, overlapTokens: 0 });
    assertChunkInvariants(document, chunks, 100);
    for (const [index, chunk] of chunks.entries()) {
      const previous = chunks[index - 1];
      if (previous) assert.ok(chunk.start >= previous.end);
    }
  });

  test('the overlap never repeats a whole window, so every chunk makes progress', () => {
    const document = makeDocument('Alpha beta gamma delta epsilon zeta. '.repeat(40));
    const chunks = chunkDocument(document, { maxTokens: 20, overlapTokens: 19 });
    assertChunkInvariants(document, chunks, 20);
    assert.equal(chunks.length, 39, 'two sentences per window, one new sentence per chunk');
  });

  test('splits a sentence longer than maxTokens at word boundaries', () => {
    const words = Array.from({ length: 1500 }, (_, index) => `word${index}`);
    const document = makeDocument(`Intro sentence. ${words.join(' ')} end. Outro sentence.`);
    const chunks = chunkDocument(document, { maxTokens: 50, overlapTokens: 10 });
    assertChunkInvariants(document, chunks, 50);
    for (const chunk of chunks) {
      assert.ok(chunk.start === 0 || /\s/.test(document.text[chunk.start - 1] ?? ''), 'starts at a word');
      assert.ok(chunk.end === document.text.length || /\s/.test(document.text[chunk.end] ?? ''), 'ends at a word');
    }
    assert.ok(chunks.some((chunk) => chunk.text.includes('word1499 end.')));
  });

  test('cuts inside a word only when one word alone is too long, without splitting surrogate pairs', () => {
    const random = createRandom(7);
    const alphabet = Array.from('abcdefghijklmnopqrstuvwxyz0123456789🚀é');
    const blob = Array.from({ length: 6000 }, () => alphabet[Math.floor(random() * alphabet.length)] ?? 'x').join('');
    assert.ok(isWellFormed(blob));
    const document = makeDocument(`Before. ${blob} After.`);
    const chunks = chunkDocument(document, { maxTokens: 64, overlapTokens: 0 });
    assertChunkInvariants(document, chunks, 64);
    for (const chunk of chunks) {
      assert.equal(isWellFormed(chunk.text), true, 'no lone surrogate');
    }
    assert.equal(chunks.map((chunk) => chunk.text).join(' ').replace(/\s/g, ''), document.text.replace(/\s/g, ''));
  });

  test('chunks long runs without spaces in reasonable time', { timeout: 20_000 }, () => {
    const letters = Array.from({ length: 150_000 }, (_, index) => 'abcdefghijklmnopqrstuvwxyz'.charAt((index * 7919 + (index >> 3)) % 26)).join('');
    const document = makeDocument(`Intro. ${'x'.repeat(100_000)} ${letters} ${'='.repeat(30_000)} Outro.`);
    const chunks = chunkDocument(document, { maxTokens: 600, overlapTokens: 100 });
    assertChunkInvariants(document, chunks, 600);
    assert.ok(chunks.length > 100);
  });

  test('keeps every invariant on random texts and settings', () => {
    const random = createRandom(2024);
    for (let round = 0; round < 60; round += 1) {
      const document = makeDocument(buildRandomText(random, Math.floor(random() * 300)), round % 2 === 0 ? 'en' : 'fr');
      const maxTokens = 8 + Math.floor(random() * 200);
      const overlapTokens = Math.floor(random() * maxTokens);
      assertChunkInvariants(document, chunkDocument(document, { maxTokens, overlapTokens }), maxTokens);
    }
  });

  test('ids are stable across runs and distinct within a document', () => {
    const document = makeDocument(numberedSentences(80));
    const first = chunkDocument(document, { maxTokens: 100, overlapTokens: 20 });
    const second = chunkDocument(document, { maxTokens: 100, overlapTokens: 20 });
    assert.deepEqual(first, second);
    assert.equal(new Set(first.map((chunk) => chunk.id)).size, first.length);
  });

  test('uses 600 and 100 tokens by default', () => {
    const document = makeDocument(numberedSentences(300));
    const chunks = chunkDocument(document);
    assertChunkInvariants(document, chunks, 600);
    assert.ok(chunks.slice(0, -1).every((chunk) => chunk.tokenCount > 500));
  });

  test('rejects settings that cannot make progress', () => {
    const document = makeDocument('Some text.');
    for (const options of [{ maxTokens: 4 }, { maxTokens: 100, overlapTokens: 100 }, { maxTokens: 100, overlapTokens: -1 }, { maxTokens: 10.5 }]) {
      assert.throws(() => chunkDocument(document, options), (error: unknown) => isRhizomeError(error, 'CONFIG_INVALID'));
    }
  });
});
