import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback server speaking OpenAI's chat completions API, for tests of keys and wiring. */
export interface FakeOpenAiServer {
  /** The `/v1` base URL to configure as `llm.baseUrl`. */
  baseUrl: string;
  /** The Authorization header of every request, in order. */
  authorizations: Array<string | undefined>;
  close(): Promise<void>;
}

/** Starts a server whose every chat completion replies `reply()` (the model's text). */
export async function startFakeOpenAiServer(reply: () => string): Promise<FakeOpenAiServer> {
  const authorizations: Array<string | undefined> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      authorizations.push(request.headers.authorization);
      const model = (JSON.parse(body || '{}') as { model?: string }).model ?? 'fake';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply() }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 },
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
