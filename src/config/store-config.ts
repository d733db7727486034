import { z } from 'zod';

/** Where the graph lives: embedded Kuzu (default) or a Neo4j server. */
export const storeConfigSchema = z
  .object({
    backend: z.enum(['kuzu', 'neo4j']).default('kuzu'),
    /** Kuzu buffer pool in MiB (0 = Kuzu's default); `auto` takes half the memory free when the database opens (at least 512 MiB), and a large bulk write runs with a pool sized to it. */
    bufferPoolMb: z.union([z.literal('auto'), z.number().int().nonnegative()]).default('auto'),
    /** Neo4j connection; unset fields come from NEO4J_URI, NEO4J_USERNAME, NEO4J_DATABASE, and the password from `passwordEnv`. */
    neo4j: z
      .object({
        uri: z.string().optional(),
        username: z.string().optional(),
        database: z.string().optional(),
        passwordEnv: z.string().default('NEO4J_PASSWORD'),
      })
      .default({ passwordEnv: 'NEO4J_PASSWORD' }),
  })
  .default({ backend: 'kuzu', bufferPoolMb: 'auto', neo4j: { passwordEnv: 'NEO4J_PASSWORD' } });

export type StoreConfig = z.infer<typeof storeConfigSchema>;
