import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EdgeTypeDefinition } from '../../src/config/graph-schema.js';
import { proposeEdgeTypes, type EdgePhrase } from '../../src/schema-discovery/discover-edge-types.js';

function phrase(active: Record<string, number>, sources: Record<string, number>, targets: Record<string, number>): EdgePhrase {
  const sentences = Object.values(active).reduce((sum, count) => sum + count, 0);
  return { language: 'en', active: new Map(Object.entries(active)), passive: new Map(), sources: new Map(Object.entries(sources)), targets: new Map(Object.entries(targets)), pairs: new Set(['a\u0000b']), sentences, examples: [] };
}

const operates: EdgeTypeDefinition = { name: 'OPERATES', description: 'An organisation operates a site.', source: ['Organisation'], target: ['Location'], properties: [], patterns: ['operates'], passivePatterns: ['operated by'], singleCurrent: false };

test('a phrase a declared type already states extends that type with the types it joined', () => {
  const proposals = proposeEdgeTypes([phrase({ operates: 3 }, { Consortium: 2, Organisation: 1 }, { Quay: 3 })], new Set(['OPERATES', 'Consortium', 'Quay']), [operates]);
  assert.equal(proposals.length, 1);
  assert.equal(proposals[0]?.extends, 'OPERATES');
  assert.deepEqual(proposals[0]?.definition.source, ['Organisation', 'Consortium']);
  assert.deepEqual(proposals[0]?.definition.target, ['Location', 'Quay']);
  assert.deepEqual(proposals[0]?.definition.patterns, ['operates'], 'the declared phrases stay as they were');
});

test('a phrase is named after its most frequent form whose name no type has taken', () => {
  const proposals = proposeEdgeTypes([phrase({ terminal: 4, 'terminal for': 2 }, { Terminal: 6 }, { Vessel: 6 })], new Set(['Terminal', 'Vessel']), [operates]);
  assert.equal(proposals[0]?.definition.name, 'TERMINAL_FOR', 'TERMINAL would collide with the node type Terminal');
  assert.equal(proposals[0]?.extends, undefined);
  const numbered = proposeEdgeTypes([phrase({ terminal: 4 }, { Terminal: 4 }, { Vessel: 4 })], new Set(['Terminal', 'Vessel']), []);
  assert.equal(numbered[0]?.definition.name, 'TERMINAL_2', 'numbered when every form is taken');
});
