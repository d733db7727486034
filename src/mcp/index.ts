/** `rhizome-rag/mcp`: the MCP server of one workspace (official TypeScript SDK), over stdio or streamable HTTP. */
export { createMcpServer } from './create-mcp-server.js';
export { createMcpHttpHandler, type McpHttpHandler } from './mcp-http.js';
export { runMcpStdio } from './run-stdio.js';
