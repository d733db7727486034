import { RhizomeError } from '../errors/rhizome-error.js';

/** What went wrong with a model call; the first four are transient and retried. */
export type ModelFailureKind = 'rate-limit' | 'server' | 'timeout' | 'network' | 'invalid-response' | 'auth' | 'not-found' | 'bad-request';

const TRANSIENT: ReadonlySet<ModelFailureKind> = new Set(['rate-limit', 'server', 'timeout', 'network', 'invalid-response']);
/** Failures that every later call would hit too (wrong key, unknown model): a run must stop. */
const FATAL: ReadonlySet<ModelFailureKind> = new Set(['auth', 'not-found']);

/** A model call that failed after (or without) retries; `retryAfterMs` comes from a Retry-After header. */
export class ModelCallError extends RhizomeError {
  readonly kind: ModelFailureKind;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(kind: ModelFailureKind, message: string, options: { status?: number; retryAfterMs?: number; cause?: unknown; model?: string } = {}) {
    super(kind === 'auth' || kind === 'not-found' ? 'CONFIG_INVALID' : 'INTERNAL', message, {
      cause: options.cause,
      details: { kind, status: options.status, retryAfterMs: options.retryAfterMs, model: options.model },
    });
    this.name = 'ModelCallError';
    this.kind = kind;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True for 429, 5xx, timeouts, network errors and unreadable response bodies. */
  get retryable(): boolean {
    return TRANSIENT.has(this.kind);
  }

  /** True when continuing with other inputs is pointless (authentication, unknown model). */
  get fatal(): boolean {
    return FATAL.has(this.kind);
  }
}

/** Why a reply could not be used: cut by the output limit, not JSON, or JSON of the wrong shape. */
export type OutputFailureReason = 'truncated' | 'invalid-json' | 'schema-mismatch';

/** A reply that is not valid JSON for the requested schema, even after repair and correction. */
export class ModelOutputError extends RhizomeError {
  readonly reason: OutputFailureReason;
  readonly text: string;
  /** Requests made before giving up, cache hits included. */
  readonly attempts: number;
  /** Of those, requests that reached a model. */
  readonly modelCalls: number;

  constructor(reason: OutputFailureReason, message: string, text: string, requests: { attempts: number; modelCalls: number }) {
    super('INTERNAL', message, { details: { reason, text: text.slice(0, 2000), ...requests } });
    this.name = 'ModelOutputError';
    this.reason = reason;
    this.text = text;
    this.attempts = requests.attempts;
    this.modelCalls = requests.modelCalls;
  }
}

/** What a budget allows and what had been spent when it stopped a call. */
export interface BudgetState {
  maxDollars: number | undefined;
  maxTokens: number | undefined;
  spentDollars: number;
  spentTokens: number;
}

/**
 * Raised before a model call that would take spending past the configured cap; no call is made.
 * Work done so far is kept (and cached), so a later run resumes where this one stopped.
 */
export class BudgetExceededError extends RhizomeError {
  readonly budget: BudgetState;

  constructor(budget: BudgetState, needed: { dollars: number; tokens: number }) {
    const cap = [budget.maxDollars === undefined ? null : `$${budget.maxDollars}`, budget.maxTokens === undefined ? null : `${budget.maxTokens} tokens`].filter(Boolean).join(' / ');
    super(
      'PARTIAL_RUN',
      `budget of ${cap} reached: $${budget.spentDollars.toFixed(4)} and ${budget.spentTokens} tokens spent, the next call needs up to $${needed.dollars.toFixed(4)} and ${needed.tokens} tokens; completed work is kept and a rerun resumes from it`,
      { details: { ...budget, neededDollars: needed.dollars, neededTokens: needed.tokens } },
    );
    this.name = 'BudgetExceededError';
    this.budget = budget;
  }
}

/** The error for a provider option that is missing or invalid, naming the option. */
export function modelConfigError(message: string): RhizomeError {
  return new RhizomeError('CONFIG_INVALID', message);
}

/** Turns an AbortSignal's reason into the ABORTED error the pipeline expects. */
export function abortedError(signal: AbortSignal): RhizomeError {
  return signal.reason instanceof RhizomeError ? signal.reason : new RhizomeError('ABORTED', 'the model call was cancelled', { cause: signal.reason });
}
