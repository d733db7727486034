/** Dollars per million input and output tokens. */
export interface ModelPrices {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Where a price came from, shown next to every cost so a stale figure can be spotted. */
export type PriceSource = 'config' | 'built-in table' | 'local model' | 'unknown';

/** Prices and their source. */
export interface ResolvedPrices {
  prices: ModelPrices;
  source: PriceSource;
}

/** Date of the built-in list prices below; `llm.prices` / `embeddings.prices` override them. */
export const BUILT_IN_PRICES_AS_OF = '2025-06';

// Published list prices (standard tier, no batch or cache discounts), longest prefix wins.
const BUILT_IN_PRICES: ReadonlyArray<[provider: string, modelPrefix: string, prices: ModelPrices]> = [
  ['openai', 'gpt-4o-mini', { inputPerMillion: 0.15, outputPerMillion: 0.6 }],
  ['openai', 'gpt-4o', { inputPerMillion: 2.5, outputPerMillion: 10 }],
  ['openai', 'gpt-4.1-nano', { inputPerMillion: 0.1, outputPerMillion: 0.4 }],
  ['openai', 'gpt-4.1-mini', { inputPerMillion: 0.4, outputPerMillion: 1.6 }],
  ['openai', 'gpt-4.1', { inputPerMillion: 2, outputPerMillion: 8 }],
  ['openai', 'text-embedding-3-small', { inputPerMillion: 0.02, outputPerMillion: 0 }],
  ['openai', 'text-embedding-3-large', { inputPerMillion: 0.13, outputPerMillion: 0 }],
  ['anthropic', 'claude-3-5-haiku', { inputPerMillion: 0.8, outputPerMillion: 4 }],
  ['anthropic', 'claude-3-5-sonnet', { inputPerMillion: 3, outputPerMillion: 15 }],
  ['anthropic', 'claude-3-7-sonnet', { inputPerMillion: 3, outputPerMillion: 15 }],
  ['anthropic', 'claude-sonnet-4', { inputPerMillion: 3, outputPerMillion: 15 }],
  ['google', 'gemini-2.0-flash', { inputPerMillion: 0.1, outputPerMillion: 0.4 }],
  ['google', 'gemini-2.5-flash', { inputPerMillion: 0.3, outputPerMillion: 2.5 }],
];

const LOCAL_PROVIDERS = new Set(['llama-cpp', 'transformers', 'ollama']);

/**
 * The prices to charge for a model: the configured ones when any is non-zero, else the built-in
 * list price, else zero for local runtimes; `unknown` (zero) for a remote model not in the list.
 */
export function resolvePrices(provider: string, model: string | undefined, configured: ModelPrices): ResolvedPrices {
  if (configured.inputPerMillion > 0 || configured.outputPerMillion > 0) return { prices: configured, source: 'config' };
  if (LOCAL_PROVIDERS.has(provider)) return { prices: { inputPerMillion: 0, outputPerMillion: 0 }, source: 'local model' };
  const matches = BUILT_IN_PRICES.filter(([listed, prefix]) => listed === provider && model !== undefined && model.startsWith(prefix));
  const best = matches.sort((left, right) => right[1].length - left[1].length)[0];
  return best ? { prices: best[2], source: 'built-in table' } : { prices: { inputPerMillion: 0, outputPerMillion: 0 }, source: 'unknown' };
}

/** Dollars for a number of input and output tokens at the given prices. */
export function costOf(usage: { inputTokens: number; outputTokens: number }, prices: ModelPrices): number {
  return (usage.inputTokens * prices.inputPerMillion + usage.outputTokens * prices.outputPerMillion) / 1_000_000;
}
