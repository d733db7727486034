import { z } from 'zod';
import { DEFAULT_RANKING_PROFILE, rankingProfileSchema } from './ranking-profile.js';
import { defaultGraphSchema } from './default-schema.js';
import { graphSchemaSchema } from './graph-schema.js';
import { embeddingConfigSchema, llmConfigSchema } from './model-config.js';
import { storeConfigSchema } from './store-config.js';

/** Every option Rhizome reads, with its default; the single source of truth for configuration. */
export const configSchema = z.object({
  /** Folder holding the database and run reports (relative to the working directory). */
  workspace: z.string().min(1).default('.rhizome'),
  store: storeConfigSchema,
  schema: graphSchemaSchema.default(graphSchemaSchema.parse(defaultGraphSchema)),
  ingest: z
    .object({
      extensions: z.array(z.string()).default(['.txt', '.md', '.markdown', '.html', '.htm', '.pdf']),
      maxFileBytes: z.number().int().positive().default(20 * 1024 * 1024),
      exclude: z.array(z.string()).default(['node_modules', '.git', '.rhizome']),
    })
    .default({ extensions: ['.txt', '.md', '.markdown', '.html', '.htm', '.pdf'], maxFileBytes: 20 * 1024 * 1024, exclude: ['node_modules', '.git', '.rhizome'] }),
  chunking: z
    .object({
      maxTokens: z.number().int().min(32).default(600),
      overlapTokens: z.number().int().nonnegative().default(100),
    })
    .refine((chunking) => chunking.overlapTokens < chunking.maxTokens, {
      message: 'overlapTokens must be smaller than maxTokens',
      path: ['overlapTokens'],
    })
    .default({ maxTokens: 600, overlapTokens: 100 }),
  extraction: z
    .object({
      /** Link entities of one sentence with untyped RELATED_TO edges. */
      cooccurrence: z.boolean().default(true),
      /** Sentences with more entities than this get no co-occurrence edges (lists are noise). */
      maxEntitiesPerSentence: z.number().int().min(2).default(12),
    })
    .default({ cooccurrence: true, maxEntitiesPerSentence: 12 }),
  resolution: z
    .object({
      mergeSurnames: z.boolean().default(true),
      mergeAcronyms: z.boolean().default(true),
      /** Minimum Jaro-Winkler similarity for fuzzy merges of long names (1 disables). */
      fuzzyThreshold: z.number().min(0.8).max(1).default(0.96),
    })
    .default({ mergeSurnames: true, mergeAcronyms: true, fuzzyThreshold: 0.96 }),
  communities: z
    .object({
      /** Communities larger than this are split into a deeper level (Microsoft GraphRAG's max_cluster_size). */
      maxClusterSize: z.number().int().min(2).default(10),
      seed: z.number().int().default(42),
    })
    .default({ maxClusterSize: 10, seed: 42 }),
  llm: llmConfigSchema,
  embeddings: embeddingConfigSchema,
  query: z
    .object({
      defaultMode: z.enum(['naive', 'bm25', 'local', 'global', 'hybrid', 'auto']).default('auto'),
      /** Chunks in a `naive` context (seed 003 uses 4). */
      topK: z.number().int().positive().default(4),
      /** Token budget of a built context. */
      contextTokens: z.number().int().min(100).default(1500),
      /** Path search depth for `local`. */
      maxHops: z.number().int().min(1).max(4).default(3),
      /** Answer size limits for the extractive answerer: sentences (room for a three-hop path's evidence and one more, so a second answer keeps the hop that reaches it) and words. */
      answerSentences: z.number().int().min(1).default(4),
      answerWords: z.number().int().min(10).default(60),
      /** Words of your domain that report a risk or a problem, added to the built-in lexicon global search reads concerns with. */
      concernTerms: z.array(z.string().min(2)).default([]),
      /** Weights, penalties and thresholds of linking, walking, path ranking and sentence choice (see src/config/ranking-profile.ts). */
      ranking: rankingProfileSchema.default(DEFAULT_RANKING_PROFILE),
    })
    .default({ defaultMode: 'auto', topK: 4, contextTokens: 1500, maxHops: 3, answerSentences: 4, answerWords: 60, concernTerms: [], ranking: DEFAULT_RANKING_PROFILE }),
});

/** Fully resolved configuration. */
export type RhizomeConfig = z.infer<typeof configSchema>;
/** Configuration as a user writes it: every field optional. */
export type RhizomeConfigInput = z.input<typeof configSchema>;

/** Identity helper for typed `rhizome.config.ts` files. */
export function defineConfig(config: RhizomeConfigInput): RhizomeConfigInput {
  return config;
}
