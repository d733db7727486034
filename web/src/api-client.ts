/** An error answered by the API: its `error.code` and message (or a network failure). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** One Server-Sent Event: its name and its JSON payload. */
export interface ServerEvent {
  event: string;
  data: unknown;
}

/** Asks the user for the server's token (the message says why); resolves with what they typed. */
export type RequestToken = (reason: string) => Promise<string>;

const TOKEN_KEY = 'rhizome-token';

/**
 * The API as the page uses it: the same `/api` routes as any client, with `Authorization: Bearer`
 * when the server wants a token. A 401 asks the user for the token (kept for this tab only) and
 * retries.
 */
export class ApiClient {
  private token: string | null = sessionStorage.getItem(TOKEN_KEY);

  constructor(private readonly requestToken: RequestToken) {}

  get<Result>(path: string): Promise<Result> {
    return this.json<Result>(path, { method: 'GET' });
  }

  post<Result>(path: string, body: unknown): Promise<Result> {
    return this.json<Result>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** Sends files as multipart/form-data (field `files`). */
  upload<Result>(path: string, files: Iterable<File>): Promise<Result> {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    return this.json<Result>(path, { method: 'POST', body: form });
  }

  /** Yields the Server-Sent Events of a route as they arrive: POSTs `body` as JSON when given, else GETs. */
  async *stream(path: string, body?: unknown): AsyncGenerator<ServerEvent> {
    const init: RequestInit = body === undefined ? { method: 'GET' } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    const response = await this.send(path, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), Accept: 'text/event-stream' } });
    if (!response.body) throw new ApiError('STREAM_MISSING', 'the server sent no event stream', response.status);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value.replace(/\r\n/g, '\n');
      let boundary = buffered.indexOf('\n\n');
      while (boundary >= 0) {
        const parsed = parseEvent(buffered.slice(0, boundary));
        buffered = buffered.slice(boundary + 2);
        if (parsed) yield parsed;
        boundary = buffered.indexOf('\n\n');
      }
    }
  }

  private async json<Result>(path: string, init: RequestInit): Promise<Result> {
    return (await (await this.send(path, init)).json()) as Result;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    for (;;) {
      const headers = new Headers(init.headers);
      if (this.token) headers.set('Authorization', `Bearer ${this.token}`);
      const response = await fetch(path.replace(/^\//, ''), { ...init, headers }); // relative: the page may be served under a prefix
      if (response.status === 401) {
        const reason = this.token ? 'The server refused this token. Enter the right one.' : 'This server needs a token (rhizome serve --token).';
        this.token = (await this.requestToken(reason)).trim();
        sessionStorage.setItem(TOKEN_KEY, this.token);
        continue;
      }
      if (!response.ok) throw await errorOf(response);
      return response;
    }
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    return new ApiError(body.error?.code ?? 'HTTP_ERROR', body.error?.message ?? response.statusText, response.status);
  } catch {
    return new ApiError('HTTP_ERROR', `${response.status} ${response.statusText}`, response.status);
  }
}

function parseEvent(block: string): ServerEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  const text = data.join('\n');
  try {
    return { event, data: JSON.parse(text) as unknown };
  } catch {
    return { event, data: text };
  }
}
