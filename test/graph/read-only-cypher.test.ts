import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertReadOnlyCypher } from '../../src/graph/read-only-cypher.js';
import { INJECTION_ATTEMPTS } from '../contract/injection-attempts.js';

test('every write or escape attempt is rejected before reaching a database', () => {
  for (const query of INJECTION_ATTEMPTS) {
    assert.throws(() => assertReadOnlyCypher(query), (error: Error & { code?: string }) => error.code === 'CYPHER_REJECTED', `not rejected: ${JSON.stringify(query)}`);
  }
});

test('read-only probes pass, including keywords inside string literals', () => {
  for (const query of [
    'MATCH (p:Person)-[r]-(n) RETURN p.name, label(r), n.name LIMIT 10',
    "MATCH (c:Chunk) WHERE c.text CONTAINS 'CREATE a plan; then DELETE it' RETURN c.id",
    'MATCH (c:Chunk)-[:MENTIONS]->(e) RETURN e.name, count(*) AS mentions ORDER BY mentions DESC',
    'CALL show_tables() RETURN *',
    "CALL QUERY_FTS_INDEX('Chunk', 'chunk_fts', 'modem') RETURN node.id, score",
    'MATCH (n) RETURN n;',
  ]) {
    assert.doesNotThrow(() => assertReadOnlyCypher(query), query);
  }
});
