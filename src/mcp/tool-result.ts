import { isRhizomeError } from '../errors/rhizome-error.js';

/** What an MCP tool returns: text content, flagged when it reports an error. */
export type ToolResult = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };

/** A value as a JSON text result. */
export const json = (value: unknown): ToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });

/** Runs a tool; a Rhizome error becomes a tool error the agent can read (not a protocol failure). */
export async function tool(work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (error) {
    if (!isRhizomeError(error)) throw error;
    return { content: [{ type: 'text', text: `${error.code}: ${error.message}` }], isError: true };
  }
}
