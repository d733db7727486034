import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { errorResponse } from './error-status.js';

/** Sends one Server-Sent Event: a named event (or a plain `data:` line when `event` is omitted) with a JSON payload or raw text. */
export type SendEvent = (event: string | undefined, data: unknown) => Promise<void>;

/** True when the client asked for Server-Sent Events (Accept header) or the body said `stream: true`. */
export function wantsEventStream(context: Context, stream: boolean | undefined): boolean {
  return stream === true || (context.req.header('accept') ?? '').includes('text/event-stream');
}

/** Streams the events `produce` sends; an error thrown inside becomes a final `error` event with the mapped status. */
export function eventStream(context: Context, produce: (send: SendEvent) => Promise<void>): Response {
  return streamSSE(context, async (stream) => {
    const send: SendEvent = (event, data) => stream.writeSSE({ ...(event ? { event } : {}), data: typeof data === 'string' ? data : JSON.stringify(data) });
    try {
      await produce(send);
    } catch (error) {
      const { status, body } = errorResponse(error);
      await send('error', { status, ...body });
    }
  });
}

/** Splits an answer into sentence-sized pieces (each keeps its citation markers and spacing; joined they give the text back) for streaming. */
export function answerPieces(text: string): string[] {
  return text.split(/(?<=[.!?](?:\s*\[\d+\])*\s+)/).filter((piece) => piece !== '');
}
