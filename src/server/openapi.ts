import { z } from 'zod';
import type { ApiRoute } from './api-route.js';
import { errorBodySchema } from './response-schemas.js';

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const object = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: (object.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' own zod schemas (the ones
 * that validate requests, and those of their responses) with zod's JSON Schema output.
 */
export function buildOpenApiDocument(routes: ReadonlyArray<ApiRoute<never, never>>, info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  for (const route of routes as ReadonlyArray<ApiRoute>) {
    const path = route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    const pathParameters = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    const content: JsonSchema = { 'application/json': { schema: route.response ? jsonSchemaOf(route.response, 'output') : { type: 'object' } } };
    if (route.streams) content['text/event-stream'] = { schema: { type: 'string', description: 'Server-Sent Events' } };
    paths[path] ??= {};
    (paths[path] as Record<string, JsonSchema>)[route.method] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ? next.toUpperCase() : ''))}`,
      parameters: [...pathParameters, ...(route.query ? queryParameters(route.query) : [])],
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } } } : {}),
      ...(route.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } } } } } } } : {}),
      ...(route.authenticated === false ? { security: [] } : {}),
      responses: {
        [route.successStatus ?? 200]: { description: route.successStatus === 202 ? 'accepted' : 'success', content },
        400: { description: 'invalid request', content: errorContent },
        401: { description: 'missing or wrong token', content: errorContent },
        404: { description: 'not found', content: errorContent },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas: { Error: jsonSchemaOf(errorBodySchema, 'output') } },
    security: [{ bearer: [] }],
    paths,
  };
}
