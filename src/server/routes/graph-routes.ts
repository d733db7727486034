import { z } from 'zod';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { defineRoute } from '../api-route.js';
import { chunkResponseSchema, communityListResponseSchema, communitySchema, documentDetailResponseSchema, documentListResponseSchema, entityDetailResponseSchema, entitySearchResponseSchema, pathsResponseSchema } from '../response-schemas.js';
import type { ServerContext } from '../server-context.js';

const limit = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** Query of GET /api/entities. */
export const entitySearchSchema = z.object({
  q: z.string().max(500).default('').describe('text to match against names, aliases and descriptions (empty: the most mentioned)'),
  type: z.string().max(100).optional().describe('only entities of this node type'),
  limit: limit(10, 100),
});

/** Query of GET /api/entities/{id}. */
export const entityDetailSchema = z.object({
  depth: z.coerce.number().int().min(1).max(2).default(1).describe('relations deep the neighbourhood goes'),
  limit: limit(50, 500).describe('relations and neighbours returned, at most'),
});

/** Query of GET /api/paths. */
export const pathSearchSchema = z.object({
  from: z.string().min(1).max(500).describe('entity id or name'),
  to: z.string().min(1).max(500).describe('entity id or name'),
  maxHops: z.coerce.number().int().min(1).max(5).default(3),
  limit: limit(5, 50),
  typedOnly: z.enum(['true', 'false']).default('false').transform((value) => value === 'true').describe('skip co-occurrence (RELATED_TO) links'),
});

/** Query of GET /api/communities. */
export const communityListSchema = z.object({ level: z.coerce.number().int().min(0).optional().describe('only communities of this level') });

/** Entities, neighbourhoods, paths, communities, documents and chunks. */
export function graphRoutes(context: ServerContext) {
  const { rhizome } = context;
  return [
    defineRoute({ method: 'get', path: '/api/entities', tag: 'graph', summary: 'Search entities by name, alias or description', query: entitySearchSchema, response: entitySearchResponseSchema, handle: async ({ query }) => ({ entities: await rhizome.searchEntities(query.q, { limit: query.limit, ...(query.type ? { type: query.type } : {}) }) }) }),
    defineRoute({ method: 'get', path: '/api/entities/:id', tag: 'graph', summary: 'One entity (id or name) with its relations and evidence, alias merges, mentions and neighbourhood', query: entityDetailSchema, response: entityDetailResponseSchema, handle: ({ params, query }) => rhizome.entity(params.id ?? '', query) }),
    defineRoute({ method: 'get', path: '/api/paths', tag: 'graph', summary: 'Shortest relation paths between two entities, with evidence', query: pathSearchSchema, response: pathsResponseSchema, handle: async ({ query }) => ({ paths: await rhizome.paths(query.from, query.to, { maxHops: query.maxHops, limit: query.limit, typedOnly: query.typedOnly }) }) }),
    defineRoute({
      method: 'get',
      path: '/api/communities',
      tag: 'graph',
      summary: 'The community hierarchy: ids, levels, sizes and report titles',
      query: communityListSchema,
      response: communityListResponseSchema,
      async handle({ query }) {
        const communities = (await rhizome.communities()).filter((community) => query.level === undefined || community.level === query.level);
        return { communities: communities.map((community) => ({ id: community.id, level: community.level, parentId: community.parentId, size: community.memberIds.length, title: community.report.title })) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/communities/:id',
      tag: 'graph',
      summary: 'One community with its members and report',
      response: communitySchema,
      async handle({ params }) {
        const community = (await rhizome.communities()).find((candidate) => candidate.id === params.id);
        if (!community) throw new RhizomeError('INPUT_NOT_FOUND', `no community has the id "${params.id}"`);
        return community;
      },
    }),
    defineRoute({ method: 'get', path: '/api/documents', tag: 'documents', summary: 'Every indexed document (without its text)', response: documentListResponseSchema, handle: async () => ({ documents: await rhizome.documents() }) }),
    defineRoute({ method: 'get', path: '/api/documents/:id', tag: 'documents', summary: 'One document (id) with its chunks', response: documentDetailResponseSchema, handle: ({ params }) => rhizome.document(params.id ?? '') }),
    defineRoute({ method: 'get', path: '/api/chunks/:id', tag: 'documents', summary: 'One chunk with its text, span and source', response: chunkResponseSchema, handle: ({ params }) => rhizome.chunk(params.id ?? '') }),
  ];
}
