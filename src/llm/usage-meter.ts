import type { TokenUsage } from './chat-model.js';
import { costOf, type ModelPrices } from './model-prices.js';

/** Totals for a set of model calls. */
export interface UsageTotals {
  /** Calls that reached a model (cache hits excluded). */
  calls: number;
  /** Requests answered from the cache, at no cost. */
  cachedCalls: number;
  /** Calls that failed after retries. */
  failedCalls: number;
  /** Extra attempts made by the retry middleware. */
  retries: number;
  inputTokens: number;
  outputTokens: number;
  /** Sum of call latencies (retries and waits included), in milliseconds. */
  latencyMs: number;
  dollars: number;
}

/** Usage per model and per purpose ("extract", "answer", "embed:chunks" …), for run reports. */
export interface UsageReport {
  total: UsageTotals;
  byPurpose: Record<string, UsageTotals>;
  byModel: Record<string, UsageTotals>;
}

/** One finished request, as the usage middleware records it. */
export interface UsageRecord {
  modelId: string;
  purpose: string;
  usage: TokenUsage;
  latencyMs: number;
  cached: boolean;
  failed: boolean;
  prices: ModelPrices;
}

function emptyTotals(): UsageTotals {
  return { calls: 0, cachedCalls: 0, failedCalls: 0, retries: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0, dollars: 0 };
}

function add(totals: UsageTotals, record: UsageRecord): void {
  if (record.cached) totals.cachedCalls += 1;
  else if (record.failed) totals.failedCalls += 1;
  else totals.calls += 1;
  if (record.cached) return;
  totals.inputTokens += record.usage.inputTokens;
  totals.outputTokens += record.usage.outputTokens;
  totals.latencyMs += record.latencyMs;
  totals.dollars += costOf(record.usage, record.prices);
}

/** Accumulates calls, tokens, latency and dollars across every wrapped model of a run. */
export class UsageMeter {
  private readonly total = emptyTotals();
  private readonly purposes = new Map<string, UsageTotals>();
  private readonly models = new Map<string, UsageTotals>();
  private readonly listeners: Array<(record: UsageRecord) => void> = [];

  /** Adds one finished request to the totals and tells the listeners. */
  record(record: UsageRecord): void {
    add(this.total, record);
    add(this.bucket(this.purposes, record.purpose), record);
    add(this.bucket(this.models, record.modelId), record);
    for (const listener of this.listeners) listener(record);
  }

  /** Counts one retry attempt made by the retry middleware. */
  countRetry(modelId: string, purpose: string): void {
    for (const totals of [this.total, this.bucket(this.purposes, purpose), this.bucket(this.models, modelId)]) totals.retries += 1;
  }

  /** Calls `listener` after every recorded request (for progress events such as `llm-call-end`). */
  onRecord(listener: (record: UsageRecord) => void): void {
    this.listeners.push(listener);
  }

  /** A copy of the totals so far. */
  report(): UsageReport {
    return {
      total: { ...this.total },
      byPurpose: Object.fromEntries([...this.purposes].map(([key, value]) => [key, { ...value }])),
      byModel: Object.fromEntries([...this.models].map(([key, value]) => [key, { ...value }])),
    };
  }

  private bucket(map: Map<string, UsageTotals>, key: string): UsageTotals {
    let totals = map.get(key);
    if (!totals) {
      totals = emptyTotals();
      map.set(key, totals);
    }
    return totals;
  }
}
