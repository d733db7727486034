import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { EXAMPLE_QUESTION, indexExample } from '../helpers/example-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const workspace = path.join(makeTempDir('rhizome-mcp-'), 'workspace');
const TOKEN = 'mcp-test-token-long-enough';

before(() => indexExample(workspace));

type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const resourceText = (contents: Array<{ uri: string } & ({ text: string } | { blob: string })>) => contents.map((content) => ('text' in content ? content.text : '')).join('');
const textOf = (result: unknown) => ((result as ToolResult).content ?? []).map((part) => part.text ?? '').join('\n');

/** The same checks over any transport: tools, a tool error, resources. */
async function exercise(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), ['add_memory', 'ask', 'ask_as_of', 'cypher', 'entity_history', 'find_paths', 'forget_memory', 'get_entity', 'list_communities', 'read_community_report', 'search_entities', 'search_memory', 'stats']);
  const answer = textOf(await client.callTool({ name: 'ask', arguments: { question: EXAMPLE_QUESTION, mode: 'local' } }));
  assert.match(answer, /Sources:\n\[1\] /);
  assert.match(answer, /Graph paths:/);
  const entities = JSON.parse(textOf(await client.callTool({ name: 'search_entities', arguments: { query: 'Jonas Berg', limit: 3 } })));
  assert.equal(entities[0].name, 'Jonas Berg');
  const entity = JSON.parse(textOf(await client.callTool({ name: 'get_entity', arguments: { entity: 'Jonas Berg' } })));
  assert.ok(entity.relations.some((relation: { evidence: string }) => relation.evidence.length > 0));
  const paths = JSON.parse(textOf(await client.callTool({ name: 'find_paths', arguments: { from: 'Jonas Berg', to: 'Lumen Optics', maxHops: 4 } })));
  assert.ok(paths.length > 0);
  const communities = JSON.parse(textOf(await client.callTool({ name: 'list_communities', arguments: {} })));
  const report = JSON.parse(textOf(await client.callTool({ name: 'read_community_report', arguments: { id: communities[0].id } })));
  assert.ok(report.report.title);
  const rows = JSON.parse(textOf(await client.callTool({ name: 'cypher', arguments: { query: "MATCH (p:Person) WHERE p.name = 'Jonas Berg' RETURN p.name AS name" } })));
  assert.deepEqual(rows, [{ name: 'Jonas Berg' }]);
  const write = (await client.callTool({ name: 'cypher', arguments: { query: 'MATCH (p:Person) DETACH DELETE p' } })) as ToolResult;
  assert.equal(write.isError, true);
  assert.match(textOf(write), /CYPHER_REJECTED/);
  const stats = JSON.parse(textOf(await client.callTool({ name: 'stats', arguments: {} })));
  assert.ok(stats.documents >= 8);
  const missing = (await client.callTool({ name: 'get_entity', arguments: { entity: 'Nobody Atall' } })) as ToolResult;
  assert.equal(missing.isError, true);

  const listed = await client.listResources();
  assert.ok(listed.resources.some((resource) => resource.uri === 'rhizome://documents'));
  const documentResource = listed.resources.find((resource) => resource.uri.startsWith('rhizome://documents/'));
  assert.ok(documentResource, 'each document is listed as a resource');
  const document = await client.readResource({ uri: documentResource.uri });
  const text = resourceText(document.contents);
  const chunkId = /\[chunk ([^\s\]·]+)/.exec(text)?.[1];
  assert.ok(chunkId, text.slice(0, 200));
  const chunk = JSON.parse(resourceText((await client.readResource({ uri: `rhizome://chunks/${encodeURIComponent(chunkId)}` })).contents));
  assert.equal(chunk.id, chunkId);
}

test('`rhizome mcp` over stdio, driven by the SDK\'s own client', { timeout: 120_000 }, async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', import.meta.resolve('tsx'), path.resolve('src/cli/main.ts'), '--workspace', workspace, 'mcp'],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'rhizome-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    await exercise(client);
  } finally {
    await client.close();
  }
});

describe('MCP over streamable HTTP at /mcp', () => {
  let rhizome: Rhizome;
  let server: RunningServer;
  before(async () => {
    rhizome = createRhizome({ workspace });
    server = await createServer({ rhizome, port: 0, token: TOKEN });
  });
  after(async () => {
    await server.close();
    await rhizome.close();
  });

  test('the SDK client calls every tool and reads resources, with the server\'s token', async () => {
    const client = new Client({ name: 'rhizome-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  test('without the token /mcp is refused', async () => {
    const client = new Client({ name: 'rhizome-test', version: '1.0.0' });
    await assert.rejects(client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`))));
  });
});
