import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Rhizome } from '../rhizome.js';
import { createMcpServer } from './create-mcp-server.js';

/** Serves MCP over standard input and output until the client closes them; resolves then. */
export async function runMcpStdio(rhizome: Rhizome): Promise<void> {
  const server = createMcpServer(rhizome);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
