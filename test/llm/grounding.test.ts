import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkExtractionSchema } from '../../src/core/records.js';
import { groundGraphReply } from '../../src/extraction/llm/ground-graph-reply.js';
import { locateName, locateText } from '../../src/extraction/llm/locate-text.js';
import { parseModelJson } from '../../src/llm/parse-model-json.js';
import { FIXTURE_SCHEMA } from './fixture-requests.js';

const text = 'Jonas Berg leads the Kite programme. The “VX-9” sensor is supplied by Lumen Optics, a firm in Malmö. J. Dupont works for Lumen Optics.';
const chunk = { id: 'chunk_a', documentId: 'doc_a', index: 3, text, start: 1000, end: 1000 + text.length, tokenCount: 30 };

test('model JSON is repaired from fences, prose and trailing commas, but a cut-off object is not completed', () => {
  assert.deepEqual(parseModelJson('{"a": 1}'), { ok: true, value: { a: 1 }, repaired: false });
  assert.deepEqual(parseModelJson('Sure! Here it is:\n```json\n{"a": [1, 2,],}\n```\nAnything else?'), { ok: true, value: { a: [1, 2] }, repaired: true });
  assert.deepEqual(parseModelJson('The graph is {"a": "x}y"} as requested.'), { ok: true, value: { a: 'x}y' }, repaired: true });
  assert.equal(parseModelJson('{"nodes": [{"name": "Jo').ok, false);
  assert.equal(parseModelJson('').ok, false);
});

test('text is located exactly, then ignoring case, accents, quotes and spacing, and by pieces around an ellipsis', () => {
  assert.deepEqual(locateText(text, 'leads the Kite'), { start: 11, end: 25 });
  const folded = locateText(text, 'the "vx-9"  SENSOR is supplied by lumen optics, a firm in malmo');
  assert.ok(folded);
  assert.equal(text.slice(folded.start, folded.end), 'The “VX-9” sensor is supplied by Lumen Optics, a firm in Malmö');
  const pieces = locateText(text, 'The “VX-9” sensor … in Malmö');
  assert.equal(pieces && text.slice(pieces.start, pieces.end), 'The “VX-9” sensor is supplied by Lumen Optics, a firm in Malmö');
  assert.equal(locateText(text, 'Kite uses the NC-7 board'), null);
  const surname = locateName(text, 'Jean Dupont');
  assert.equal(surname && text.slice(surname.start, surname.end), 'Dupont');
  assert.equal(locateName(text, 'Paris'), null);
});

test('grounding keeps declared, located, evidenced records in document offsets and counts everything it drops', () => {
  const { extraction, counts } = groundGraphReply(
    {
      nodes: [
        { name: 'Jonas Berg', type: 'person', description: 'Leads Kite.' },
        { name: 'Kite', type: 'Project', description: '' },
        { name: 'Lumen Optics', type: 'Organisation', description: 'A firm in Malmö.' },
        { name: 'VX-9', type: 'Product', description: '' },
        { name: 'Jean Dupont', type: 'Person', description: '' },
        { name: 'Malmö', type: 'City', description: '' },
        { name: 'Atlantis Corp', type: 'Organisation', description: '' },
      ],
      edges: [
        { source: 'Jonas Berg', target: 'Kite', type: 'leads', evidence: 'Jonas Berg leads the Kite programme.' },
        { source: 'VX-9', target: 'Lumen Optics', type: 'SUPPLIES', evidence: 'The "VX-9" sensor is supplied by Lumen Optics' },
        { source: 'Jean Dupont', target: 'Lumen Optics', type: 'WORKS_FOR', evidence: 'Dupont is employed by Lumen' },
        { source: 'Jonas Berg', target: 'Malmö', type: 'WORKS_FOR', evidence: 'Jonas Berg leads the Kite programme.' },
        { source: 'Kite', target: 'VX-9', type: 'INVENTED', evidence: 'Kite programme' },
        { source: 'Lumen Optics', target: 'Kite', type: 'LEADS', evidence: 'J. Dupont works for Lumen Optics.' },
      ],
    },
    { chunk, schema: FIXTURE_SCHEMA, language: 'en', documentDate: '2024-05-01' },
  );
  assert.doesNotThrow(() => chunkExtractionSchema.parse(extraction));
  assert.deepEqual(extraction.entities.map((entity) => [entity.name, entity.type]), [['Jonas Berg', 'Person'], ['Kite', 'Project'], ['Lumen Optics', 'Organisation'], ['VX-9', 'Product'], ['Jean Dupont', 'Person']]);
  const jonas = extraction.entities[0];
  assert.deepEqual(jonas?.span, { start: 1000, end: 1010 });
  assert.equal(jonas?.description, 'Leads Kite.');
  const dupont = extraction.entities[4];
  assert.equal(dupont && text.slice(dupont.span.start - 1000, dupont.span.end - 1000), 'Dupont');
  assert.deepEqual(counts, {
    ...counts,
    nodesKept: 5,
    nodesRejectedType: 1,
    nodesNotInText: 1,
    edgesKept: 3,
    edgesRejectedType: 1,
    edgesMissingEndpoint: 1,
    edgesEvidenceNotFound: 1,
    edgesReversed: 1,
    edgesShapeMismatch: 1,
  });
  const [leads, supplies, mismatch] = extraction.relations;
  assert.deepEqual([leads?.type, leads?.source, leads?.target], ['LEADS', 'Jonas Berg', 'Kite']);
  assert.equal(leads?.evidence, 'Jonas Berg leads the Kite programme.');
  assert.deepEqual(leads?.span, { start: 1000, end: 1000 + 'Jonas Berg leads the Kite programme.'.length });
  assert.deepEqual([supplies?.source, supplies?.target], ['Lumen Optics', 'VX-9'], 'a backwards edge is turned to fit Organisation → Product');
  assert.equal(supplies?.evidence, 'The “VX-9” sensor is supplied by Lumen Optics, a firm in Malmö.', 'evidence is the whole sentence, in the chunk’s own words');
  assert.equal(text.slice((supplies?.span.start ?? 0) - 1000, (supplies?.span.end ?? 0) - 1000), supplies?.evidence);
  assert.deepEqual([mismatch?.type, mismatch?.source, mismatch?.target], ['LEADS', 'Lumen Optics', 'Kite'], 'kept for resolution to downgrade');
  assert.equal(leads?.validFrom, '2024-05-01');
});
