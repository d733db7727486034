import type { GraphSchema } from '../../config/graph-schema.js';
import { isRhizomeError } from '../../errors/rhizome-error.js';
import type { GraphStore } from '../../graph/store.js';
import type { ChatModel } from '../../llm/chat-model.js';
import { generateObject } from '../../llm/generate-object.js';
import { ModelOutputError } from '../../llm/model-errors.js';
import { dialectGuide } from '../../prompts/cypher-dialects.js';
import { buildCypherPrompt, cypherReplySchema, TEXT_TO_CYPHER_PROMPT_VERSION, type CypherFeedback } from '../../prompts/text-to-cypher-prompt.js';
import type { CypherResult, RetrievalContext } from '../../core/retrieval-context.js';
import { describeSchemaForCypher } from './describe-schema.js';

/** Options of the text-to-Cypher mode. */
export interface CypherSearchOptions {
  model: ChatModel;
  schema: GraphSchema;
  /** Rounds of generation: the first, then reformulations after empty or failed queries. */
  maxAttempts?: number;
  timeoutMs?: number;
  rowLimit?: number;
  signal?: AbortSignal;
}

/**
 * Text-to-Cypher (seed 001): the model writes 1 to 3 queries from the declared schema, in the
 * dialect the store declares (Kuzu or Neo4j, with examples of that dialect); each is
 * checked by the read-only guard and run in a read-only transaction with a timeout and a row
 * limit; when all return nothing or fail, the model sees why and reformulates (bounded); an
 * unusable reply counts as a failed round. The rows, with the node and edge ids they hold,
 * become the context; no rows means "not found".
 */
export async function searchWithCypher(question: string, store: GraphStore, options: CypherSearchOptions): Promise<RetrievalContext> {
  const rowLimit = options.rowLimit ?? 50;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const schemaDescription = describeSchemaForCypher(options.schema, store.capabilities.cypherDialect);
  const dialect = dialectGuide(store.capabilities.cypherDialect, options.schema);
  const feedback: CypherFeedback[] = [];
  const attempts: CypherResult['attempts'] = [];
  let rows: Array<Record<string, unknown>> = [];
  for (let round = 0; round < (options.maxAttempts ?? 3) && rows.length === 0; round += 1) {
    const prompt = buildCypherPrompt({ question, schemaDescription, dialect, feedback, rowLimit });
    let queries: string[];
    try {
      const reply = await generateObject(options.model, {
        ...prompt,
        schema: cypherReplySchema,
        schemaName: 'cypher_queries',
        promptVersion: TEXT_TO_CYPHER_PROMPT_VERSION,
        purpose: 'cypher',
        ...(options.signal ? { signal: options.signal } : {}),
      });
      queries = reply.object.queries;
    } catch (error) {
      if (!(error instanceof ModelOutputError)) throw error;
      attempts.push({ query: '', rows: 0, error: `the model gave no usable queries (${error.reason})` });
      continue;
    }
    for (const query of queries) {
      const outcome = await runOne(store, query, { timeoutMs, rowLimit });
      attempts.push({ query, rows: outcome.rows.length, ...(outcome.error ? { error: outcome.error } : {}) });
      feedback.push({ query, outcome: outcome.error ?? (outcome.rows.length === 0 ? 'no rows' : `${outcome.rows.length} rows`) });
      rows = [...rows, ...outcome.rows].slice(0, rowLimit);
    }
  }
  return {
    mode: 'cypher',
    chunks: [],
    paths: [],
    entityScores: new Map(),
    questionEntities: [],
    knownEntities: [],
    tokens: Math.ceil(JSON.stringify(rows).length / 4),
    searchedWith: `text-to-Cypher (${options.model.modelId}), ${attempts.length} quer${attempts.length === 1 ? 'y' : 'ies'}`,
    rankedChunkIds: [],
    communities: [],
    cypher: { attempts, rows },
  };
}

async function runOne(store: GraphStore, query: string, limits: { timeoutMs: number; rowLimit: number }): Promise<{ rows: Array<Record<string, unknown>>; error?: string }> {
  try {
    return { rows: await store.runReadOnlyCypher(query, {}, limits) };
  } catch (error) {
    if (isRhizomeError(error, 'CYPHER_REJECTED') || isRhizomeError(error, 'QUERY_INVALID')) return { rows: [], error: (error as Error).message };
    throw error;
  }
}
