import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { answerWithSources } from '../answer/answer-with-sources.js';
import { QUERY_MODES, type QueryMode } from '../core/retrieval-context.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { Rhizome } from '../rhizome.js';
import { registerMemoryTools } from './memory-tools.js';
import { json, tool } from './tool-result.js';

const modeSchema = z.enum(QUERY_MODES as [QueryMode, ...QueryMode[]]);

/**
 * The MCP server of one workspace: tools to ask, search entities, read an entity with its
 * neighbourhood and evidence, find paths, list communities and read a report, run a read-only
 * Cypher probe and read statistics, agent memory and questions in time (see registerMemoryTools);
 * documents and chunks as resources (`rhizome://…`).
 */
export function createMcpServer(rhizome: Rhizome): McpServer {
  const server = new McpServer({ name: 'rhizome', version: '0.1.0' });
  server.registerTool('ask', {
    description: 'Answer a question from the indexed documents, citing the passages and graph paths used. Modes: auto (default), local (named entities, multi-hop), global (corpus-wide themes), hybrid, naive, bm25, vector, cypher.',
    inputSchema: { question: z.string().min(1).max(4000), mode: modeSchema.optional() },
    annotations: { readOnlyHint: true },
  }, ({ question, mode }) => tool(async () => {
    const answer = await rhizome.query(question, mode ? { mode } : {});
    const paths = answer.paths.length > 0 ? `\n\nGraph paths:\n${answer.paths.slice(0, 5).join('\n')}` : '';
    return { content: [{ type: 'text', text: `${answerWithSources(answer)}${paths}\n\n(mode ${answer.mode}${answer.found ? '' : ', not found'})` }] };
  }));
  server.registerTool('search_entities', {
    description: 'Find entities of the knowledge graph by name, alias or description (empty query: the most mentioned).',
    inputSchema: { query: z.string().max(500), type: z.string().max(100).optional(), limit: z.number().int().min(1).max(100).optional() },
    annotations: { readOnlyHint: true },
  }, ({ query, type, limit }) => tool(async () => json(await rhizome.searchEntities(query, { ...(type ? { type } : {}), ...(limit ? { limit } : {}) }))));
  server.registerTool('get_entity', {
    description: 'One entity (id or name) with its relations and the sentences that state them, alias merges, mentioning passages and its neighbourhood.',
    inputSchema: { entity: z.string().min(1).max(500), depth: z.number().int().min(1).max(2).optional() },
    annotations: { readOnlyHint: true },
  }, ({ entity, depth }) => tool(async () => json(await rhizome.entity(entity, depth ? { depth } : {}))));
  server.registerTool('find_paths', {
    description: 'The shortest relation paths between two entities (ids or names), with the evidence of each relation.',
    inputSchema: { from: z.string().min(1), to: z.string().min(1), maxHops: z.number().int().min(1).max(5).optional() },
    annotations: { readOnlyHint: true },
  }, ({ from, to, maxHops }) => tool(async () => json(await rhizome.paths(from, to, maxHops ? { maxHops } : {}))));
  server.registerTool('list_communities', {
    description: 'The communities of related entities (hierarchical Leiden), with level, size and report title.',
    inputSchema: { level: z.number().int().min(0).optional() },
    annotations: { readOnlyHint: true },
  }, ({ level }) => tool(async () => json((await rhizome.communities()).filter((community) => level === undefined || community.level === level).map((community) => ({ id: community.id, level: community.level, size: community.memberIds.length, title: community.report.title })))));
  server.registerTool('read_community_report', {
    description: 'The report of one community: summary, key entities and relations, findings with their sources.',
    inputSchema: { id: z.string().min(1) },
    annotations: { readOnlyHint: true },
  }, ({ id }) => tool(async () => {
    const community = (await rhizome.communities()).find((candidate) => candidate.id === id);
    if (!community) throw new RhizomeError('INPUT_NOT_FOUND', `no community has the id "${id}" (list_communities lists them)`);
    return json({ id: community.id, level: community.level, memberIds: community.memberIds, report: community.report });
  }));
  server.registerTool('cypher', {
    description: 'Run a read-only Cypher probe of the graph (writes, procedures that write and several statements are rejected; read-only transaction, timeout, row limit).',
    inputSchema: { query: z.string().min(1).max(4000), parameters: z.record(z.string(), z.unknown()).optional() },
    annotations: { readOnlyHint: true },
  }, ({ query, parameters }) => tool(async () => json(await rhizome.cypher(query, parameters ?? {}))));
  server.registerTool('stats', {
    description: 'Counts of the workspace (documents, chunks, entities by type, relations by type, communities) and the components in use.',
    annotations: { readOnlyHint: true },
  }, () => tool(async () => json(await rhizome.stats())));
  registerMemoryTools(server, rhizome);

  server.registerResource('documents', 'rhizome://documents', { description: 'Every indexed document (id, path, title, date, language)', mimeType: 'application/json' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await rhizome.documents(), null, 2) }],
  }));
  server.registerResource('document', new ResourceTemplate('rhizome://documents/{id}', {
    list: async () => ({ resources: (await rhizome.documents()).map((document) => ({ uri: `rhizome://documents/${encodeURIComponent(document.id)}`, name: document.title, description: document.path, mimeType: 'text/plain' })) }),
  }), { description: 'One document: its chunks in order, each with its id', mimeType: 'text/plain' }, async (uri, variables) => {
    const detail = await rhizome.document(decodeURIComponent(String(variables.id)));
    const text = [`# ${detail.document.title}`, `path: ${detail.document.path}`, ...detail.chunks.map((chunk) => `\n[chunk ${chunk.id}${chunk.section ? ` · ${chunk.section}` : ''}]\n${chunk.text}`)].join('\n');
    return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
  });
  server.registerResource('chunk', new ResourceTemplate('rhizome://chunks/{id}', { list: undefined }), { description: 'One chunk: its text, document and character span', mimeType: 'application/json' }, async (uri, variables) => ({
    contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await rhizome.chunk(decodeURIComponent(String(variables.id))), null, 2) }],
  }));
  return server;
}
