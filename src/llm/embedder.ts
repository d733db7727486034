/** A request to embed several texts at once. */
export interface EmbedRequest {
  texts: string[];
  /** What the vectors are for ("chunks", "entities", "query"); usage is reported per purpose. */
  purpose: string;
  signal?: AbortSignal;
}

/** One vector per input text, in input order. */
export interface EmbedResponse {
  embeddings: number[][];
  dimensions: number;
  usage: { inputTokens: number };
  /** How many of the texts were served from the cache. */
  cachedCount: number;
}

/** The embedding port: adapters (transformers.js, node-llama-cpp, AI SDK) implement `embed`; middleware wraps it. */
export interface Embedder {
  readonly provider: string;
  readonly modelId: string;
  readonly cacheIdentity: string;
  embed(request: EmbedRequest): Promise<EmbedResponse>;
  close(): Promise<void>;
}
