import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import type { QueryMode } from '../../src/core/retrieval-context.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** Invented Markdown and HTML files with markup in every form: front matter, raw HTML, emphasis, links, tables, code, page chrome. */
const FIXTURES = path.resolve('test', 'fixtures', 'structured-docs');
const MARKUP = /<\/?[a-z][^>]*>|\]\(|\*\*|\||```|(?:^|\s)#{1,6}\s|!\[/i;
/** The real documentation development sets (Fastify's and Vite's Markdown files), each with pages whose markup the check must find as written. */
const REAL_DOC_SETS: ReadonlyArray<{ name: string; pages: string[] }> = [
  { name: 'fastify-docs-en', pages: ['README.md', 'docs/Reference/LTS.md'] },
  { name: 'vite-docs-en', pages: ['config/server-options.md', 'team.md'] },
];
/**
 * Markup syntax as real documentation writes it: HTML elements, link and image syntax, emphasis,
 * fences, heading marks and table rows. Unlike MARKUP it lets a lone `|` or `<T>` through, which real
 * prose carries as text (a product named with a pipe, a TypeScript type in a heading).
 */
const MARKUP_SYNTAX = /<\/?(?:a|img|div|span|p|br|hr|h[1-6]|b|i|em|strong|code|pre|table|thead|tbody|tr|td|th|ul|ol|li|details|summary|sup|sub|script|template)\b[^>]*>|\]\(|\]\[|!\[|\*\*|```|(?:^|\s)#{1,6}\s|\|\s*:?-{3,}|^\s*\|.*\|\s*$|(?:^|\s):::/im;

const QUESTIONS: Array<[string, QueryMode]> = [
  ['Who maintains the vector store?', 'auto'],
  ['Who leads the Lantern project?', 'local'],
  ['What are the main themes of these documents?', 'global'],
  ['How do I run prompt-tune with --domain?', 'naive'],
  ['Which city is the Orvale North site in?', 'bm25'],
  ['Who works at Orvale?', 'hybrid'],
];

describe('Markdown and HTML documents on real Kuzu', () => {
  const base = makeTempDir();
  const root = path.join(base, 'docs');
  let rhizome: Rhizome;

  before(async () => {
    cpSync(FIXTURES, root, { recursive: true });
    rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
    const summary = await rhizome.index(root);
    assert.equal(summary.partial, false);
    assert.ok(summary.chunks.verbatim >= 3, 'the code block and both tables are chunks of their own');
  });
  after(() => rhizome.close());

  test('no answer, citation label or community title carries markup', async () => {
    await assertNoMarkup(rhizome, QUESTIONS, MARKUP, /\blantern prompt-tune --domain field-notes\b/);
    const names = await rhizome.cypher('MATCH (e) WHERE e.name IS NOT NULL RETURN e.name AS name');
    for (const row of names) assert.doesNotMatch(String(row.name), /[<>*|#\[\]]|336699|console/, String(row.name));
  });

  test('identifiers of a code block are found by naive search and the block is quoted verbatim', async () => {
    const answer = await rhizome.query('prompt-tune --domain', { mode: 'naive' });
    assert.match(answer.answer, /\nlantern prompt-tune --domain field-notes\n/);
    const cited = answer.citations.find((citation) => citation.kind === 'chunk');
    assert.equal(cited?.section, 'Lantern guide › Tuning');
    assert.equal(cited?.label, 'Lantern guide › Tuning');
  });

  test('citations carry the section path, and chunk spans point into the original file', async () => {
    const answer = await rhizome.query('Who maintains the vector store?', { mode: 'local' });
    const cited = answer.citations.find((citation) => citation.kind === 'chunk' && citation.path?.endsWith('guide.md'));
    assert.ok(cited, JSON.stringify(answer.citations));
    assert.equal(cited.label, 'Lantern guide › Configuration › Vector store');
    const original = readFileSync(cited.path ?? '', 'utf8');
    assert.match(original.slice(cited.span?.start, cited.span?.end), /Quillon Systems maintains the vector store/);
    const relations = await rhizome.cypher("MATCH (a)-[r]->(b) WHERE r.documentId IS NOT NULL RETURN r.evidence AS evidence, r.startOffset AS spanStart, r.endOffset AS spanEnd, r.documentId AS documentId");
    const documents = new Map((await rhizome.cypher('MATCH (d:Document) RETURN d.id AS id, d.path AS path')).map((row) => [String(row.id), readFileSync(String(row.path), 'utf8')]));
    assert.ok(relations.length > 0);
    for (const relation of relations) {
      const file = documents.get(String(relation.documentId)) ?? '';
      const words = String(relation.evidence).split(/\s+/).filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
      const span = file.slice(Number(relation.spanStart), Number(relation.spanEnd));
      for (const word of words) assert.ok(span.includes(word), `"${word}" of a relation's evidence is in the file at its offsets`);
    }
  });
});

for (const set of REAL_DOC_SETS) describe(`the real documentation development set ${set.name} on real Kuzu`, () => {
  const base = makeTempDir();
  const folder = path.resolve('test', 'fixtures', 'dev', set.name);
  let rhizome: Rhizome;

  before(async () => {
    rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
    const summary = await rhizome.index(folder);
    assert.equal(summary.partial, false, JSON.stringify(summary.failures));
    assert.ok(summary.documents.seen >= 40, `${summary.documents.seen} documents`);
  });
  after(() => rhizome.close());

  test('no answer, citation label or community title carries markup, in any mode', async () => {
    const { questions } = JSON.parse(readFileSync(`${folder}.json`, 'utf8')) as { questions: Array<{ question: string }> };
    for (const page of set.pages) assert.match(readFileSync(path.join(folder, page), 'utf8'), MARKUP_SYNTAX, `the check finds the markup of ${page} as written`);
    const modes: QueryMode[] = ['auto', 'naive', 'bm25', 'local', 'global', 'hybrid'];
    await assertNoMarkup(rhizome, questions.flatMap(({ question }) => modes.map((mode): [string, QueryMode] => [question, mode])), MARKUP_SYNTAX);
  });
});

/** Asks each question in its mode and checks answers (less any quoted code), citation labels and community titles against `markup`. */
async function assertNoMarkup(rhizome: Rhizome, questions: ReadonlyArray<[string, QueryMode]>, markup: RegExp, quotedCode?: RegExp): Promise<void> {
  for (const [question, mode] of questions) {
    const answer = await rhizome.query(question, { mode });
    const text = quotedCode === undefined ? answer.answer : answer.answer.replace(quotedCode, '');
    assert.doesNotMatch(text, markup, `${mode}: ${question} → ${answer.answer}`);
    for (const citation of answer.citations) assert.doesNotMatch(citation.label, markup, `${mode}: citation ${citation.label}`);
  }
  const communities = await rhizome.communities();
  assert.ok(communities.length > 0);
  for (const community of communities) assert.doesNotMatch(community.report.title, markup, community.report.title);
}
