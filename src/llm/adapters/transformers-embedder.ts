import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import type { Embedder, EmbedRequest } from '../embedder.js';
import { Semaphore } from '../middleware/with-concurrency-limit.js';
import { abortedError, modelConfigError } from '../model-errors.js';
import type { ModelIdentity } from '../model-identity.js';
import { loadOptionalPeer } from '../../package/optional-peers.js';

/** What the local ONNX sentence embedder needs. */
export interface TransformersEmbedderOptions {
  identity: ModelIdentity;
  /** A transformers.js model folder: config.json, tokenizer.json, tokenizer_config.json, onnx/model_quantized.onnx or onnx/model.onnx. */
  modelPath: string;
  batchSize: number;
}

/** Which ONNX file a model folder holds: the int8 one (dtype q8) when present, else full precision. */
export function pickOnnxDtype(modelPath: string): 'q8' | 'fp32' {
  const onnx = path.join(modelPath, 'onnx');
  if (existsSync(path.join(onnx, 'model_quantized.onnx'))) return 'q8';
  if (existsSync(path.join(onnx, 'model.onnx'))) return 'fp32';
  throw modelConfigError(`embeddings.modelPath: ${modelPath} has neither onnx/model_quantized.onnx nor onnx/model.onnx`);
}

function checkModelFolder(modelPath: string): void {
  for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) {
    if (!existsSync(path.join(modelPath, file))) throw modelConfigError(`embeddings.modelPath: ${modelPath} lacks ${file} (a transformers.js model folder is expected)`);
  }
}

/**
 * An Embedder over a local ONNX sentence-embedding model with transformers.js, fully offline
 * (remote models disabled): mean pooling over the attention mask, then L2 normalisation, the
 * sentence-transformers recipe for models such as all-MiniLM-L6-v2.
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions): Embedder {
  const modelPath = path.resolve(options.modelPath);
  let loading: Promise<FeatureExtractionPipeline> | undefined;
  const serial = new Semaphore(1);
  const load = () => {
    loading ??= (async () => {
      checkModelFolder(modelPath);
      const dtype = pickOnnxDtype(modelPath);
      const transformers = await loadOptionalPeer('@huggingface/transformers', 'embeddings.provider "transformers"', () => import('@huggingface/transformers'));
      transformers.env.allowRemoteModels = false;
      transformers.env.allowLocalModels = true;
      transformers.env.localModelPath = `${path.dirname(modelPath)}${path.sep}`;
      return (await transformers.pipeline('feature-extraction', path.basename(modelPath), { dtype, local_files_only: true })) as FeatureExtractionPipeline;
    })();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    ...options.identity,
    embed: (request: EmbedRequest) =>
      serial.run(async () => {
        const extractor = await load();
        const embeddings: number[][] = [];
        let inputTokens = 0;
        for (let start = 0; start < request.texts.length; start += options.batchSize) {
          if (request.signal?.aborted) throw abortedError(request.signal);
          const batch = request.texts.slice(start, start + options.batchSize);
          const output = await extractor(batch, { pooling: 'mean', normalize: true });
          embeddings.push(...(output.tolist() as number[][]));
          const encoded = extractor.tokenizer(batch, { padding: true, truncation: true }) as { attention_mask: { data: ArrayLike<bigint | number> } };
          for (const value of Array.from(encoded.attention_mask.data)) inputTokens += Number(value);
        }
        return { embeddings, dimensions: embeddings[0]?.length ?? 0, usage: { inputTokens }, cachedCount: 0 };
      }, request.signal),
    async close() {
      const pending = loading;
      loading = undefined;
      const extractor = await pending?.catch(() => undefined);
      await extractor?.dispose();
    },
  };
}
