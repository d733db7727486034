import { abortedError, ModelCallError, type ModelFailureKind } from '../model-errors.js';

/** Milliseconds to wait from `retry-after-ms` or `retry-after` (seconds or an HTTP date), if sent. */
export function parseRetryAfter(headers: Record<string, string | undefined> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  const milliseconds = Number(lower['retry-after-ms']);
  if (lower['retry-after-ms'] !== undefined && Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = lower['retry-after'];
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

interface ApiCallErrorShape {
  name: string;
  message: string;
  statusCode?: number;
  responseHeaders?: Record<string, string>;
  isRetryable?: boolean;
  cause?: unknown;
}

function kindOfStatus(status: number): ModelFailureKind {
  if (status === 429) return 'rate-limit';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server';
  if (status >= 200 && status < 300) return 'invalid-response';
  return 'bad-request';
}

/**
 * Maps whatever an AI SDK call threw to a ModelCallError (or ABORTED when the caller cancelled):
 * HTTP status → kind, Retry-After → retryAfterMs, our own timeout → `timeout`.
 */
export function toModelCallError(error: unknown, call: { modelId: string; timeoutMs: number; timedOut: boolean; callerSignal: AbortSignal | undefined }): Error {
  if (call.callerSignal?.aborted) return abortedError(call.callerSignal);
  if (call.timedOut) return new ModelCallError('timeout', `${call.modelId}: no reply within ${call.timeoutMs} ms (llm.timeoutMs)`, { cause: error, model: call.modelId });
  if (error instanceof ModelCallError || !(error instanceof Error)) return error instanceof Error ? error : new Error(String(error));
  const shaped = error as ApiCallErrorShape;
  if (shaped.name === 'AI_APICallError') {
    const status = shaped.statusCode;
    const kind: ModelFailureKind = status === undefined ? 'network' : kindOfStatus(status);
    const retryAfterMs = parseRetryAfter(shaped.responseHeaders);
    return new ModelCallError(kind, `${call.modelId}: ${status ?? 'no'} response: ${shaped.message}`, { cause: error, model: call.modelId, ...(status === undefined ? {} : { status }), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }
  if (['AI_InvalidResponseDataError', 'AI_NoContentGeneratedError', 'AI_EmptyResponseBodyError', 'AI_JSONParseError', 'AI_TypeValidationError'].includes(shaped.name)) {
    return new ModelCallError('invalid-response', `${call.modelId}: unreadable response: ${shaped.message}`, { cause: error, model: call.modelId });
  }
  if (shaped.name === 'TypeError' && /fetch failed/i.test(shaped.message)) return new ModelCallError('network', `${call.modelId}: ${shaped.message}`, { cause: error, model: call.modelId });
  return error;
}
