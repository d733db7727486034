import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertReadOnlyCypher } from '../../src/graph/read-only-cypher.js';

/** Write or escape attempts, including ones hidden in comments, case tricks and literals. */
export const INJECTION_ATTEMPTS = [
  "CREATE (:Person {id: 'x', name: 'x'})",
  "MATCH (p:Person) SET p.name = 'hacked'",
  'MATCH (p:Person) DELETE p',
  'MATCH (p:Person) DETACH DELETE p',
  'MATCH (p:Person) REMOVE p.name',
  "MERGE (p:Person {id: 'y'})",
  'DROP TABLE Person',
  "COPY Person FROM 'evil.csv'",
  "LOAD FROM 'evil.csv' RETURN *",
  'MATCH (n) RETURN n; MATCH (m) DELETE m',
  "MATCH (n) RETURN n /* harmless */ ; CREATE (:Person {id:'z'})",
  'match (p:Person) detach delete p',
  'MATCH (p) WITH p CALL { MATCH (q) DELETE q } RETURN p',
  "CALL dbms.security.createUser('x', 'y', false)",
  "CALL apoc.cypher.runWrite('CREATE (n)', {})",
  "INSTALL httpfs",
  "ATTACH 'other.kuzu' AS other",
  'BEGIN TRANSACTION',
  "EXPORT DATABASE '/tmp/x'",
  "MATCH (n) FOREACH (x IN [1] | CREATE (:Person))",
  "MATCH (n) WHERE n.name = 'a' RETURN n; DROP TABLE Chunk",
  'MATCH (n) RETURN n\u0000; DELETE n',
  "MATCH (n) WHERE n.name = 'unterminated RETURN n",
  '',
];

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
