import type { LlamaContext, LlamaContextSequence, LlamaGrammar } from 'node-llama-cpp';
import type { ChatModel, ChatRequest, ChatResponse, FinishReason } from '../chat-model.js';
import { stableStringify } from '../disk-cache.js';
import { Semaphore } from '../middleware/with-concurrency-limit.js';
import { abortedError, ModelCallError } from '../model-errors.js';
import type { ModelIdentity } from '../model-identity.js';
import { acquireLlamaRuntime, defaultThreads, toGrammarSchema, type LlamaRuntime } from './llama-cpp-runtime.js';

/** What the embedded llama.cpp chat model needs. */
export interface LlamaCppChatOptions {
  identity: ModelIdentity;
  modelPath: string;
  /** CPU threads; 1 is best on a busy 2-core machine (see docs/real-components.md). */
  threads?: number | undefined;
  contextSize?: number | undefined;
  gpu?: 'auto' | false | undefined;
  temperature: number;
  maxOutputTokens: number;
  timeoutMs: number;
}

const DEFAULT_CONTEXT_SIZE = 4096;

interface Session {
  runtime: LlamaRuntime;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  grammars: Map<string, Promise<LlamaGrammar>>;
}

function finishReasonOf(stopReason: string): FinishReason {
  if (stopReason === 'maxTokens') return 'length';
  return stopReason === 'eogToken' || stopReason === 'stopGenerationTrigger' ? 'stop' : 'other';
}

/**
 * A ChatModel running a GGUF file in-process with node-llama-cpp. JSON replies are constrained
 * by a grammar compiled from the request's JSON schema (`createGrammarForJsonSchema`), so they
 * parse unless the output-token limit cuts them. Calls run one at a time on one context
 * sequence; a prompt that would not fit the context fails instead of being shifted out.
 */
export function createLlamaCppChatModel(options: LlamaCppChatOptions): ChatModel {
  let opening: Promise<Session> | undefined;
  const serial = new Semaphore(1);
  const open = () => {
    opening ??= (async () => {
      const runtime = await acquireLlamaRuntime({ modelPath: options.modelPath, gpu: options.gpu });
      const contextSize = Math.min(options.contextSize ?? DEFAULT_CONTEXT_SIZE, runtime.model.trainContextSize);
      const context = await runtime.model.createContext({ contextSize, sequences: 1, threads: options.threads ?? defaultThreads(runtime.llama) });
      return { runtime, context, sequence: context.getSequence(), grammars: new Map() };
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };
  const { modelId } = options.identity;

  async function run(session: Session, request: ChatRequest): Promise<ChatResponse> {
    const { LlamaChatSession } = await import('node-llama-cpp');
    const last = request.messages[request.messages.length - 1];
    if (!last || last.role !== 'user') throw new ModelCallError('bad-request', `${modelId}: the last message must come from the user`, { model: modelId });
    const history = [
      { type: 'system' as const, text: request.system ?? '' },
      ...request.messages.slice(0, -1).map((message) => (message.role === 'user' ? { type: 'user' as const, text: message.content } : { type: 'model' as const, response: [message.content] })),
    ];
    const chat = new LlamaChatSession({ contextSequence: session.sequence, autoDisposeSequence: false });
    try {
      chat.setChatHistory(history);
      const rendered = chat.chatWrapper.generateContextState({ chatHistory: [...history, { type: 'user', text: last.content }, { type: 'model', response: [] }] });
      const inputTokens = rendered.contextText.tokenize(session.runtime.model.tokenizer).length;
      const maxTokens = request.maxOutputTokens ?? options.maxOutputTokens;
      if (inputTokens + maxTokens > session.context.contextSize) {
        throw new ModelCallError('bad-request', `${modelId}: prompt of ${inputTokens} tokens plus ${maxTokens} output tokens exceeds the context of ${session.context.contextSize} (llm.contextSize)`, { model: modelId });
      }
      let grammar: LlamaGrammar | undefined;
      if (request.responseFormat) {
        const key = stableStringify(request.responseFormat.schema);
        let compiled = session.grammars.get(key);
        if (!compiled) {
          compiled = session.runtime.llama.createGrammarForJsonSchema(toGrammarSchema(request.responseFormat.schema) as Parameters<typeof session.runtime.llama.createGrammarForJsonSchema>[0]);
          session.grammars.set(key, compiled);
        }
        grammar = await compiled;
      }
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        const generatedBefore = session.sequence.tokenMeter.usedOutputTokens;
        const result = await chat.promptWithMeta(last.content, { maxTokens, temperature: request.temperature ?? options.temperature, signal, ...(grammar ? { grammar } : {}) });
        const outputTokens = session.sequence.tokenMeter.usedOutputTokens - generatedBefore;
        return { text: result.responseText, usage: { inputTokens, outputTokens }, finishReason: finishReasonOf(result.stopReason), cached: false };
      } catch (error) {
        if (request.signal?.aborted) throw abortedError(request.signal);
        if (timeout.aborted) throw new ModelCallError('timeout', `${modelId}: no reply within ${options.timeoutMs} ms (llm.timeoutMs)`, { cause: error, model: modelId });
        throw error;
      }
    } finally {
      chat.dispose({ disposeSequence: false });
    }
  }

  return {
    ...options.identity,
    generate: (request) => serial.run(async () => run(await open(), request), request.signal),
    async close() {
      if (!opening) return;
      const session = await opening.catch(() => undefined);
      opening = undefined;
      if (!session) return;
      await session.context.dispose();
      await session.runtime.release();
    },
  };
}
