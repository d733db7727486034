import type { ScoredId, StoredVector, VectorKind, VectorState } from '../store.js';
import { bulkCopy } from './kuzu-bulk-copy.js';
import type { KuzuConnection, KuzuParameter } from './kuzu-connection.js';

const TABLES: Record<VectorKind, { table: string }> = {
  chunk: { table: 'ChunkVector' },
  entity: { table: 'EntityVector' },
};

/**
 * Dense vectors in Kuzu: one table per kind (`id`, `embedding FLOAT[n]`) with an HNSW cosine
 * index. The size comes from the embedding model, so the tables are created on first write and
 * rebuilt when the model or size changes. Vectors travel as JSON text and are cast in the query
 * (the Node binding types number lists from their first element). Kuzu 0.11.3 corrupts its
 * catalog when rows of an indexed vector table are deleted around an index rebuild, so every
 * write rebuilds the table (kept vectors read back, new ones added) and then its index.
 */
export class KuzuVectors {
  constructor(
    private readonly connection: KuzuConnection,
    private readonly meta: { get(key: string): Promise<string | null>; set(key: string, value: string): Promise<void> },
  ) {}

  async write(kind: VectorKind, vectors: StoredVector[], model: string, keepIds: string[]): Promise<void> {
    const dimensions = vectors[0]?.vector.length ?? Number((await this.meta.get('vectorDimensions')) ?? 0);
    if (!dimensions) return;
    const storedModel = await this.meta.get('vectorModel');
    const storedDimensions = Number((await this.meta.get('vectorDimensions')) ?? 0);
    if (storedModel !== model || storedDimensions !== dimensions) await this.reset(model, dimensions);
    const { table } = TABLES[kind];
    const replaced = new Set(vectors.map((vector) => vector.id));
    const keep = new Set(keepIds.filter((id) => !replaced.has(id)));
    const kept = (await this.tableExists(table))
      ? (await this.connection.run(`MATCH (v:${table}) RETURN v.id AS id, v.embedding AS embedding`))
          .filter((row) => keep.has(String(row.id)))
          .map((row) => ({ id: String(row.id), vector: row.embedding as number[] }))
      : [];
    await this.dropTable(table);
    await this.connection.run(`CREATE NODE TABLE ${table}(id STRING, embedding FLOAT[${dimensions}], PRIMARY KEY(id))`);
    const rows = [...kept, ...vectors];
    await bulkCopy<StoredVector>(this.connection, table, [
      { kind: 'string', value: (vector) => vector.id },
      { kind: `vector ${dimensions}`, value: (vector) => JSON.stringify(vector.vector) },
    ], rows);
    if (rows.length > 0) await this.connection.run(`CALL CREATE_VECTOR_INDEX('${table}', '${table.toLowerCase()}_index', 'embedding', metric := 'cosine')`);
  }

  async search(kind: VectorKind, vector: number[], limit: number): Promise<ScoredId[]> {
    const { table } = TABLES[kind];
    const index = await this.indexOf(table);
    if (!index) return [];
    const rows = await this.connection.run(
      `CALL QUERY_VECTOR_INDEX('${table}', '${index}', $vector, $limit) RETURN node.id AS id, distance ORDER BY distance, id`,
      { vector: safeVector(vector) as KuzuParameter, limit },
    );
    return rows.map((row) => ({ id: String(row.id), score: 1 - Number(row.distance) }));
  }

  async state(): Promise<VectorState> {
    const count = async (table: string) => ((await this.tableExists(table)) ? Number((await this.connection.run(`MATCH (v:${table}) RETURN count(v) AS total`))[0]?.total ?? 0) : 0);
    const dimensions = await this.meta.get('vectorDimensions');
    return { model: await this.meta.get('vectorModel'), dimensions: dimensions ? Number(dimensions) : null, chunks: await count('ChunkVector'), entities: await count('EntityVector') };
  }

  private async reset(model: string, dimensions: number): Promise<void> {
    for (const { table } of Object.values(TABLES)) await this.dropTable(table);
    await this.meta.set('vectorModel', model);
    await this.meta.set('vectorDimensions', String(dimensions));
  }

  private async tableExists(table: string): Promise<boolean> {
    return (await this.connection.run('CALL show_tables() RETURN name')).some((row) => row.name === table);
  }

  /** The name of the vector index on a table, if any. */
  private async indexOf(table: string): Promise<string | null> {
    const rows = await this.connection.run('CALL SHOW_INDEXES() RETURN table_name, index_name, index_type');
    const row = rows.find((candidate) => candidate.table_name === table && candidate.index_type === 'HNSW');
    return row ? String(row.index_name) : null;
  }

  private async dropTable(table: string): Promise<void> {
    const index = await this.indexOf(table);
    if (index) await this.connection.run(`CALL DROP_VECTOR_INDEX('${table}', '${index}')`);
    if (await this.tableExists(table)) await this.connection.run(`DROP TABLE ${table}`);
  }
}

/** Whole numbers in a query vector would make the binding type the list as integers: nudge them. */
function safeVector(vector: number[]): number[] {
  return vector.map((value) => (Number.isInteger(value) ? (value === 0 ? Number.MIN_VALUE : value * (1 + Number.EPSILON)) : value));
}
