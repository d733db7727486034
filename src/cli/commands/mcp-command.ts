import type { Command } from 'commander';
import { withRhizome } from '../context.js';

/** `rhizome mcp`: an MCP server over standard input and output, for MCP clients that start it themselves. */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the workspace to an MCP client over stdio (tools: ask, search_entities, get_entity, find_paths, communities, cypher, stats, add_memory, search_memory, forget_memory, entity_history, ask_as_of; documents and chunks as resources)')
    .action(async (_options: unknown, command: Command) => {
      const { runMcpStdio } = await import('../../mcp/run-stdio.js');
      await withRhizome(command, (rhizome) => runMcpStdio(rhizome));
    });
}
