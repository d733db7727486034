import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRhizome } from '../src/index.js';
import { clearNeo4j, neo4jIsFreeForBench } from './backends.js';
import { timeQueries, type ScaleQueryFigures } from './scale-query.js';

/** Indexing and query figures of the Neo4j backend on a corpus the Kuzu run already wrote to disk. */
export interface ScaleNeo4jFigures {
  indexSeconds: number;
  stageSeconds: Record<string, number>;
  queries: ScaleQueryFigures;
}

/** Indexes `folder`/docs into the configured Neo4j database (which must be empty or the bench's), times the queries, then empties it again. */
export async function benchNeo4jAtScale(size: number, folder: string): Promise<ScaleNeo4jFigures | { skipped: string }> {
  const refusal = await neo4jIsFreeForBench();
  if (refusal) return { skipped: refusal };
  await clearNeo4j();
  const config = { workspace: path.join(folder, 'neo4j-workspace'), store: { backend: 'neo4j' as const } };
  try {
    const rhizome = createRhizome(config);
    const summary = await rhizome.index(path.join(folder, 'docs'));
    await rhizome.close();
    const queries = await timeQueries(size, config);
    return { indexSeconds: summary.seconds, stageSeconds: summary.stageSeconds, queries };
  } finally {
    await clearNeo4j();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchNeo4jAtScale(Number(process.argv[2]), path.resolve(process.argv[3] as string));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
