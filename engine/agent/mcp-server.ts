/**
 * The agent tools over the Model Context Protocol, on the official SDK's server: tools/list is the tool list
 * (tool-list.ts) with each input's JSON Schema and hints of what it changes, and tools/call is AgentTools.call. A call
 * the tools refuse (an unknown tool, wrong arguments, no session) is a result with isError set and the reason, which
 * the model reads and acts on, never a failure of the server.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AgentTools } from './agent-tools';
import { inputJsonSchema, TOOL_LIST } from './tool-list';

export const SERVER_NAME = 'bir-debugger';

const INSTRUCTIONS = 'Debug BIR programs (.bir, the tensor-machine IR) on a bit-exact simulator. Start with bir_debug (breakpoints, '
  + 'inputs; faults and failed Asserts stop it) or bir_run. Each move (bir_step, bir_continue, bir_goto) answers the whole stop: location, '
  + 'stack, registers, tensor summaries. bir_compare checks a value against a .npy reference and names its first divergence; bir_why '
  + 'tells which instruction wrote a value and what it read, and follows the inputs back; bir_history lists every write. Paths are '
  + 'relative to the server\'s working folder.';

/** The tools as MCP lists them. */
export function mcpToolList(): Tool[] {
  return TOOL_LIST.map((t) => ({
    name: t.name,
    title: t.displayName,
    description: t.description,
    inputSchema: inputJsonSchema(t.name) as Tool['inputSchema'],
    annotations: { title: t.displayName, readOnlyHint: !t.changes, destructiveHint: false, openWorldHint: false },
  }));
}

/** A server of the tools; connect it to a transport (stdio for `bir-sim mcp`, in memory for tests). */
export function createMcpServer(tools: AgentTools, version: string): Server {
  const server = new Server({ name: SERVER_NAME, version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpToolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const answer = await tools.call(request.params.name, request.params.arguments);
    return { content: [{ type: 'text', text: answer.text }], ...(answer.isError ? { isError: true } : {}) };
  });
  return server;
}

/** Serves the tools on a transport until it closes; the session the tools hold is ended then. */
export async function serveTools(tools: AgentTools, transport: Transport, version: string): Promise<void> {
  const server = createMcpServer(tools, version);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  await closed;
  await tools.dispose();
}
