/**
 * `bir-sim mcp`: the agent tools served over the Model Context Protocol on standard input and output, for any agent
 * that speaks MCP (docs/agents.md). Standard output carries only the protocol's messages; the server ends when its
 * input closes, ending the session it holds. Each session's engine runs in a worker beside the bundle (dist/), or in
 * this thread when run from the sources.
 */
import * as fs from 'fs';
import * as path from 'path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AgentTools } from '../agent/agent-tools';
import { serveTools } from '../agent/mcp-server';
import { InProcessEngine } from '../host/in-process-engine';
import { WorkerEngine } from '../host/worker-engine';
import type { DebugEngine } from '../protocol/requests';

export async function serveMcp(): Promise<number> {
  const tools = new AgentTools({ createEngine: engineMaker(), root: process.cwd() });
  const transport = new StdioServerTransport();
  // The SDK's transport does not close when its input ends: the client has gone, and so does the server.
  process.stdin.on('end', () => void transport.close());
  await serveTools(tools, transport, version());
  return 0;
}

function engineMaker(): () => DebugEngine {
  const worker = path.join(__dirname, 'engine-worker.js');
  return fs.existsSync(worker) ? () => new WorkerEngine(worker) : () => new InProcessEngine();
}

/** The package's version, from the package.json above dist/ (or above engine/cli/ from the sources). */
function version(): string {
  for (const up of ['..', path.join('..', '..')]) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, up, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'bir-debug' && pkg.version) return pkg.version;
    } catch {
      // not there: the next folder up
    }
  }
  return '0.0.0';
}
