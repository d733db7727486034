import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage, FinishReason, TokenUsage } from '../../src/llm/chat-model.js';

/** A reply recorded from the real model for one request. */
export interface RecordedReply {
  system: string;
  messages: ChatMessage[];
  text: string;
  usage: TokenUsage;
  finishReason: FinishReason;
}

/** A fault served instead of the recorded reply (to the next request, in order). */
export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'hang' }
  | { kind: 'garbage-body' }
  | { kind: 'content'; text: string };

/** What the server saw of one request. */
export interface SeenRequest {
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
  headers: http.IncomingHttpHeaders;
  servedWith: 'recorded' | Fault['kind'] | 'unmatched';
}

/** A loopback OpenAI-compatible server that replays recorded replies, with faults on demand. */
export interface ReplayServer {
  baseUrl: string;
  requests: SeenRequest[];
  /** Most requests in flight at once. */
  maxConcurrent: number;
  /** Queues faults for the next requests. */
  inject(...faults: Fault[]): void;
  close(): Promise<void>;
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The SmolLM2 replies recorded by test/llm/record-fixtures.ts. */
export function loadRecordedReplies(): RecordedReply[] {
  return (JSON.parse(readFileSync(path.join(fixtures, 'smollm2-replies.json'), 'utf8')) as { replies: RecordedReply[] }).replies;
}

/** The MiniLM embeddings recorded by test/llm/record-fixtures.ts. */
export function loadRecordedEmbeddings(): { texts: string[]; embeddings: number[][]; inputTokens: number } {
  return JSON.parse(readFileSync(path.join(fixtures, 'minilm-embeddings.json'), 'utf8')) as { texts: string[]; embeddings: number[][]; inputTokens: number };
}

function messageKey(system: string, messages: ChatMessage[]): string {
  return JSON.stringify([system, ...messages.map((message) => [message.role, message.content])]);
}

function contentOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/**
 * Starts the replay server on 127.0.0.1 (port 0). Chat requests are matched on system prompt and
 * messages; an unmatched request gets a 404 (so a drifting prompt fails loudly). With `apiKey`,
 * requests without `Authorization: Bearer <apiKey>` get a 401. `delayMs` delays every reply.
 */
export async function startReplayServer(options: { replies?: RecordedReply[]; embeddings?: { texts: string[]; embeddings: number[][] }; apiKey?: string; delayMs?: number } = {}): Promise<ReplayServer> {
  const replies = new Map((options.replies ?? loadRecordedReplies()).map((reply) => [messageKey(reply.system, reply.messages), reply]));
  const vectors = new Map((options.embeddings?.texts ?? []).map((text, index) => [text, options.embeddings?.embeddings[index] ?? []]));
  const faults: Fault[] = [];
  const requests: SeenRequest[] = [];
  let inFlight = 0;
  const state = { maxConcurrent: 0 };
  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    request.on('end', () => {
      inFlight += 1;
      state.maxConcurrent = Math.max(state.maxConcurrent, inFlight);
      response.on('close', () => (inFlight -= 1));
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const seen: SeenRequest = { path: request.url ?? '', body, authorization: request.headers.authorization, headers: request.headers, servedWith: 'recorded' };
      requests.push(seen);
      setTimeout(() => {
        if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) return json(response, 401, { error: { message: 'invalid api key' } });
        const fault = faults.shift();
        if (fault) seen.servedWith = fault.kind;
        if (fault?.kind === 'hang') return;
        if (fault?.kind === 'status') return json(response, fault.status, fault.body ?? { error: { message: `injected ${fault.status}` } }, fault.headers);
        if (fault?.kind === 'garbage-body') {
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('<html>502 Bad Gateway from a proxy</html>');
        }
        if (seen.path.endsWith('/embeddings')) {
          const inputs = body.input as string[];
          if (!inputs.every((text) => vectors.has(text))) {
            seen.servedWith = 'unmatched';
            return json(response, 404, { error: { message: 'no recorded embedding' } });
          }
          return json(response, 200, { object: 'list', data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: vectors.get(text) })), model: body.model, usage: { prompt_tokens: inputs.length * 8, total_tokens: inputs.length * 8 } });
        }
        const messages = (body.messages as Array<{ role: string; content: unknown }>) ?? [];
        const system = messages.filter((message) => message.role === 'system').map((message) => contentOf(message.content)).join('\n');
        const turns = messages.filter((message) => message.role !== 'system').map((message) => ({ role: message.role as ChatMessage['role'], content: contentOf(message.content) }));
        const recorded = replies.get(messageKey(system, turns));
        if (!fault && !recorded) {
          seen.servedWith = 'unmatched';
          return json(response, 404, { error: { message: 'no recorded reply for this request' } });
        }
        const text = fault?.kind === 'content' ? fault.text : (recorded as RecordedReply).text;
        const usage = recorded?.usage ?? { inputTokens: 10, outputTokens: 10 };
        json(response, 200, {
          id: `replay-${requests.length}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: recorded?.finishReason === 'length' ? 'length' : 'stop' }],
          usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens },
        });
      }, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    inject: (...added) => faults.push(...added),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
