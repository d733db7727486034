import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Rhizome } from '../rhizome.js';
import { createMcpServer } from './create-mcp-server.js';

/** The /mcp endpoint of the HTTP server. */
export interface McpHttpHandler {
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/**
 * MCP's streamable HTTP transport in stateless mode: each request gets its own server and
 * transport over the shared Rhizome (the SDK's pattern for stateless servers), so no session
 * state outlives a request and any number of clients can call at once.
 */
export async function createMcpHttpHandler(rhizome: Rhizome): Promise<McpHttpHandler> {
  const open = new Set<WebStandardStreamableHTTPServerTransport>();
  return {
    async handle(request) {
      const server = createMcpServer(rhizome);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      open.add(transport);
      transport.onclose = () => open.delete(transport);
      await server.connect(transport);
      return transport.handleRequest(request);
    },
    async close() {
      await Promise.all([...open].map((transport) => transport.close()));
    },
  };
}
