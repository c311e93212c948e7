/**
 * Errors of the agent tools, worded for a model to act on: what went wrong and which tool or argument to use
 * instead ("no session is stopped: start one with bir_debug"). A refusal of the engine keeps the engine's own words,
 * which say why and what to do, after the tool's name.
 */
import type { z } from 'zod';
import { EngineError } from '../protocol/errors';

/** A call the tools refuse or cannot serve, with the reason; never a crash of the server. */
export class ToolError extends Error {}

/** Arguments that do not fit the tool's schema: every mismatch, by argument. */
export function argumentsError(tool: string, error: z.ZodError): ToolError {
  const issues = error.issues.slice(0, 6).map((issue) => {
    const where = issue.path.length > 0 ? `'${issue.path.join('.')}'` : 'the arguments';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 6 ? `; and ${error.issues.length - 6} more` : '';
  return new ToolError(`${tool}: wrong arguments: ${issues.join('; ')}${more} (the tool's input schema lists what it takes)`);
}

/** An error met while serving a tool, as the model is told it. */
export function toolMessage(tool: string, e: unknown): string {
  if (e instanceof ToolError) return e.message;
  if (e instanceof EngineError) return `${tool}: ${e.message}`;
  const message = e instanceof Error ? e.message : String(e);
  return `${tool}: ${message}`;
}
