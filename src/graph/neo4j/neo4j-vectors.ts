import type { ScoredId, StoredVector, VectorKind, VectorState } from '../store.js';
import type { Neo4jConnection } from './neo4j-connection.js';

const LABELS: Record<VectorKind, { label: string; index: string }> = {
  chunk: { label: 'ChunkVector', index: 'chunk_vector_index' },
  entity: { label: 'EntityVector', index: 'entity_vector_index' },
};
const BATCH = 1000;

/**
 * Dense vectors in Neo4j: `(:ChunkVector|EntityVector {id, embedding})` nodes with native cosine
 * vector indexes (`db.index.vector.queryNodes`), sized from the embedding model and rebuilt when
 * the model or size changes — the same behaviour as the Kuzu backend.
 */
export class Neo4jVectors {
  constructor(
    private readonly connection: Neo4jConnection,
    private readonly meta: { get(key: string): Promise<string | null>; set(key: string, value: string): Promise<void> },
  ) {}

  async write(kind: VectorKind, vectors: StoredVector[], model: string, keepIds: string[]): Promise<void> {
    const dimensions = vectors[0]?.vector.length ?? Number((await this.meta.get('vectorDimensions')) ?? 0);
    if (!dimensions) return;
    if ((await this.meta.get('vectorModel')) !== model || Number((await this.meta.get('vectorDimensions')) ?? 0) !== dimensions) await this.reset(model, dimensions);
    const { label, index } = LABELS[kind];
    await this.connection.run(`CREATE VECTOR INDEX ${index} IF NOT EXISTS FOR (v:${label}) ON v.embedding OPTIONS {indexConfig: {\`vector.dimensions\`: toInteger($dimensions), \`vector.similarity_function\`: 'cosine'}}`, { dimensions });
    const keep = [...new Set([...keepIds, ...vectors.map((vector) => vector.id)])];
    await this.connection.writeTransaction(async (runner) => {
      await runner.run(`MATCH (v:${label}) WHERE NOT v.id IN $keep DETACH DELETE v`, { keep });
      for (let offset = 0; offset < vectors.length; offset += BATCH) {
        await runner.run(`UNWIND $rows AS row MERGE (v:${label} {id: row.id}) SET v.embedding = row.vector`, { rows: vectors.slice(offset, offset + BATCH) });
      }
    });
    await this.connection.run('CALL db.awaitIndexes(300)');
  }

  async search(kind: VectorKind, vector: number[], limit: number): Promise<ScoredId[]> {
    const { index } = LABELS[kind];
    const exists = await this.connection.run('SHOW VECTOR INDEXES YIELD name WHERE name = $index RETURN name', { index }, 'read');
    if (exists.length === 0) return [];
    const rows = await this.connection.run(`CALL db.index.vector.queryNodes($index, toInteger($limit), $vector) YIELD node, score RETURN node.id AS id, score ORDER BY score DESC, id`, { index, limit, vector }, 'read');
    return rows.map((row) => ({ id: String(row.id), score: Number(row.score) * 2 - 1 }));
  }

  async state(): Promise<VectorState> {
    const count = async (label: string) => Number((await this.connection.run(`MATCH (v:${label}) RETURN count(v) AS total`, {}, 'read'))[0]?.total ?? 0);
    const dimensions = await this.meta.get('vectorDimensions');
    return { model: await this.meta.get('vectorModel'), dimensions: dimensions ? Number(dimensions) : null, chunks: await count('ChunkVector'), entities: await count('EntityVector') };
  }

  private async reset(model: string, dimensions: number): Promise<void> {
    for (const { label, index } of Object.values(LABELS)) {
      await this.connection.run(`DROP INDEX ${index} IF EXISTS`);
      await this.connection.run(`MATCH (v:${label}) DETACH DELETE v`);
    }
    await this.meta.set('vectorModel', model);
    await this.meta.set('vectorDimensions', String(dimensions));
  }
}
