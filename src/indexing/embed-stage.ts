import type { Entity } from '../core/records.js';
import type { GraphStore, StoredChunk } from '../graph/store.js';
import type { Embedder } from '../llm/embedder.js';

/** What the embed stage stored. */
export interface EmbedStageResult {
  chunks: number;
  entities: number;
  model: string;
}

const BATCH = 64;

/** The text that stands for an entity in vector search: its name, aliases and description. */
export function entityText(entity: Entity): string {
  const aliases = entity.aliases.length > 0 ? ` (${entity.aliases.slice(0, 5).join(', ')})` : '';
  return `${entity.name}${aliases}${entity.description ? `: ${entity.description}` : ''}`;
}

async function embedAll(embedder: Embedder, texts: string[], purpose: string, signal?: AbortSignal): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let offset = 0; offset < texts.length; offset += BATCH) {
    const response = await embedder.embed({ texts: texts.slice(offset, offset + BATCH), purpose, ...(signal ? { signal } : {}) });
    vectors.push(...response.embeddings);
  }
  return vectors;
}

/**
 * Gives chunks and entities dense vectors in the store's vector index. Chunks are embedded when
 * new, or all of them when the stored vectors come from another model; entities (whose ids and
 * descriptions follow resolution) are embedded every run — the embedding cache makes unchanged
 * texts free. Vectors of chunks and entities that no longer exist are dropped.
 */
export async function runEmbedStage(store: GraphStore, embedder: Embedder, chunks: { all: StoredChunk[]; fresh: StoredChunk[] }, entities: Entity[], signal?: AbortSignal): Promise<EmbedStageResult | null> {
  if (!store.capabilities.vectorIndex || !store.writeVectors || !store.vectorState) return null;
  const state = await store.vectorState();
  const sameModel = state.model === embedder.cacheIdentity && state.chunks > 0;
  const toEmbed = sameModel ? chunks.fresh : chunks.all;
  const chunkVectors = await embedAll(embedder, toEmbed.map((chunk) => chunk.text), 'chunks', signal);
  await store.writeVectors('chunk', toEmbed.map((chunk, index) => ({ id: chunk.id, vector: chunkVectors[index] as number[] })), embedder.cacheIdentity, chunks.all.map((chunk) => chunk.id));
  const entityVectors = await embedAll(embedder, entities.map(entityText), 'entities', signal);
  await store.writeVectors('entity', entities.map((entity, index) => ({ id: entity.id, vector: entityVectors[index] as number[] })), embedder.cacheIdentity, []);
  return { chunks: toEmbed.length, entities: entities.length, model: embedder.modelId };
}
