/**
 * The arguments of every request the adapter serves, as schemas checked at the session's edge: DAP's own requests
 * here (each schema typed against @vscode/debugprotocol, and checked against the official DAP JSON schema by
 * test/unit/dap-arguments.test.ts), the `bir/*` ones from contract/requests.ts. A request whose arguments do not
 * fit is answered with a message that names the field.
 */
import { z } from 'zod';
import { DebugProtocol as P } from '@vscode/debugprotocol';
import { BIR_REQUESTS, BirArguments, BirCommand, describeInput } from '../contract/requests';
import type { Command, DapCommand } from '../engine/protocol/request-table';

const int = z.int();
const str = z.string();
const bool = z.boolean();

const checksum: z.ZodType<P.Checksum> = z.looseObject({ algorithm: z.enum(['MD5', 'SHA1', 'SHA256', 'timestamp']), checksum: str });

/** A DAP Source; `error` replaces the message for a value that is not an object at all. */
function sourceSchema(error?: string): z.ZodType<P.Source> {
  return z.looseObject({
    name: str.optional(),
    path: str.optional(),
    sourceReference: int.optional(),
    presentationHint: z.enum(['normal', 'emphasize', 'deemphasize']).optional(),
    origin: str.optional(),
    get sources() {
      return z.array(source).optional();
    },
    adapterData: z.unknown().optional(),
    checksums: z.array(checksum).optional(),
  }, error ? { error } : undefined);
}

const source = sourceSchema();

const NEEDS_PATH = 'needs source.path: the BIR debugger sets breakpoints in files';

const sourceBreakpoint: z.ZodType<P.SourceBreakpoint> = z.looseObject({
  line: z.int({ error: (issue) => `needs an integer line in every breakpoint, found ${describeInput(issue.input)} at ${pathText(issue.path)}` }),
  column: int.optional(),
  condition: str.optional(),
  hitCondition: str.optional(),
  logMessage: str.optional(),
  mode: str.optional(),
});

const functionBreakpoint: z.ZodType<P.FunctionBreakpoint> = z.looseObject({
  name: z.string({ error: (issue) => `needs breakpoints with a name each, found ${describeInput(issue.input)} at ${pathText(issue.path)}` }),
  condition: str.optional(),
  hitCondition: str.optional(),
});

const valueFormat: z.ZodType<P.ValueFormat> = z.looseObject({ hex: bool.optional() });

const stackFrameFormat: z.ZodType<P.StackFrameFormat> = z.looseObject({
  hex: bool.optional(),
  parameters: bool.optional(),
  parameterTypes: bool.optional(),
  parameterNames: bool.optional(),
  parameterValues: bool.optional(),
  line: bool.optional(),
  module: bool.optional(),
  includeAll: bool.optional(),
});

const granularity = z.enum(['statement', 'line', 'instruction'], {
  error: (issue) => `unknown granularity ${typeof issue.input === 'string' ? `'${issue.input}'` : describeInput(issue.input)} (statement, line or instruction)`,
}).optional();

const threadId = { threadId: int };
const nonNegative = int.min(0).optional();

const launchArguments = z.looseObject({ noDebug: bool.optional(), __restart: z.unknown().optional() });

export const DAP_ARGUMENTS = {
  initialize: z.looseObject({
    clientID: str.optional(),
    clientName: str.optional(),
    adapterID: str,
    locale: str.optional(),
    linesStartAt1: bool.optional(),
    columnsStartAt1: bool.optional(),
    pathFormat: str.optional(),
    supportsVariableType: bool.optional(),
    supportsVariablePaging: bool.optional(),
    supportsRunInTerminalRequest: bool.optional(),
    supportsMemoryReferences: bool.optional(),
    supportsProgressReporting: bool.optional(),
    supportsInvalidatedEvent: bool.optional(),
    supportsMemoryEvent: bool.optional(),
    supportsArgsCanBeInterpretedByShell: bool.optional(),
    supportsStartDebuggingRequest: bool.optional(),
    supportsANSIStyling: bool.optional(),
  }) satisfies z.ZodType<P.InitializeRequestArguments>,
  launch: launchArguments satisfies z.ZodType<P.LaunchRequestArguments>,
  attach: z.looseObject({ __restart: z.unknown().optional() }) satisfies z.ZodType<P.AttachRequestArguments>,
  restart: z.looseObject({ arguments: launchArguments.optional() }) satisfies z.ZodType<P.RestartArguments>,
  disconnect: z.looseObject({ restart: bool.optional(), terminateDebuggee: bool.optional(), suspendDebuggee: bool.optional() }) satisfies z.ZodType<P.DisconnectArguments>,
  terminate: z.looseObject({ restart: bool.optional() }) satisfies z.ZodType<P.TerminateArguments>,
  setBreakpoints: z.looseObject({
    source: sourceSchema(NEEDS_PATH).refine((s) => typeof s.path === 'string' && s.path !== '', { error: NEEDS_PATH }),
    breakpoints: z.array(sourceBreakpoint).optional(),
    lines: z.array(int).optional(),
    sourceModified: bool.optional(),
  }) satisfies z.ZodType<P.SetBreakpointsArguments>,
  setFunctionBreakpoints: z.looseObject({ breakpoints: z.array(functionBreakpoint) }) satisfies z.ZodType<P.SetFunctionBreakpointsArguments>,
  setExceptionBreakpoints: z.looseObject({
    filters: z.array(str, { error: (issue) => `needs filters, an array of filter names, found ${describeInput(issue.input)}` }),
    filterOptions: z.array(z.looseObject({ filterId: str, condition: str.optional(), mode: str.optional() })).optional(),
    exceptionOptions: z.array(z.looseObject({
      path: z.array(z.looseObject({ negate: bool.optional(), names: z.array(str) })).optional(),
      breakMode: z.enum(['never', 'always', 'unhandled', 'userUnhandled']),
    })).optional(),
  }) satisfies z.ZodType<P.SetExceptionBreakpointsArguments>,
  setInstructionBreakpoints: z.looseObject({
    breakpoints: z.array(z.looseObject({
      instructionReference: z.string({ error: (issue) => `needs an instructionReference (an address such as "0x1f") in every breakpoint, found ${describeInput(issue.input)} at ${pathText(issue.path)}` }),
      offset: int.optional(),
      condition: str.optional(),
      hitCondition: str.optional(),
      mode: str.optional(),
    }), { error: (issue) => `needs breakpoints, an array of instruction breakpoints, found ${describeInput(issue.input)}` }),
  }) satisfies z.ZodType<P.SetInstructionBreakpointsArguments>,
  disassemble: z.looseObject({
    memoryReference: z.string({ error: (issue) => `needs memoryReference, an instruction address such as "0x1f", found ${describeInput(issue.input)}` }),
    offset: int.optional(),
    instructionOffset: int.optional(),
    instructionCount: z.int({ error: (issue) => `needs instructionCount, a whole number of instructions, found ${describeInput(issue.input)}` }).min(0),
    resolveSymbols: bool.optional(),
  }) satisfies z.ZodType<P.DisassembleArguments>,
  configurationDone: z.looseObject({}) satisfies z.ZodType<P.ConfigurationDoneArguments>,
  source: z.looseObject({ source: source.optional(), sourceReference: int }) satisfies z.ZodType<P.SourceArguments>,
  threads: z.looseObject({}),
  stackTrace: z.looseObject({ ...threadId, startFrame: nonNegative, levels: nonNegative, format: stackFrameFormat.optional() }) satisfies z.ZodType<P.StackTraceArguments>,
  scopes: z.looseObject({ frameId: int }) satisfies z.ZodType<P.ScopesArguments>,
  variables: z.looseObject({
    variablesReference: int,
    filter: z.enum(['indexed', 'named']).optional(),
    start: nonNegative,
    count: nonNegative,
    format: valueFormat.optional(),
  }) satisfies z.ZodType<P.VariablesArguments>,
  evaluate: z.looseObject({
    expression: z.string({ error: (issue) => `needs an expression (a string), found ${describeInput(issue.input)}` }),
    frameId: int.optional(),
    line: int.optional(),
    column: int.optional(),
    source: source.optional(),
    context: str.optional(),
    format: valueFormat.optional(),
  }) satisfies z.ZodType<P.EvaluateArguments>,
  continue: z.looseObject({ ...threadId, singleThread: bool.optional() }) satisfies z.ZodType<P.ContinueArguments>,
  next: z.looseObject({ ...threadId, singleThread: bool.optional(), granularity }) satisfies z.ZodType<P.NextArguments>,
  stepIn: z.looseObject({ ...threadId, singleThread: bool.optional(), targetId: int.optional(), granularity }) satisfies z.ZodType<P.StepInArguments>,
  stepOut: z.looseObject({ ...threadId, singleThread: bool.optional(), granularity }) satisfies z.ZodType<P.StepOutArguments>,
  stepBack: z.looseObject({ ...threadId, singleThread: bool.optional(), granularity }) satisfies z.ZodType<P.StepBackArguments>,
  reverseContinue: z.looseObject({ ...threadId, singleThread: bool.optional() }) satisfies z.ZodType<P.ReverseContinueArguments>,
  stepInTargets: z.looseObject({ frameId: int }) satisfies z.ZodType<P.StepInTargetsArguments>,
  cancel: z.looseObject({ requestId: int.optional(), progressId: str.optional() }) satisfies z.ZodType<P.CancelArguments>,
  restartFrame: z.looseObject({ frameId: z.int({ error: (issue) => `needs frameId, a frame's id from stackTrace, found ${describeInput(issue.input)}` }) }) satisfies z.ZodType<P.RestartFrameArguments>,
  pause: z.looseObject(threadId) satisfies z.ZodType<P.PauseArguments>,
  exceptionInfo: z.looseObject(threadId) satisfies z.ZodType<P.ExceptionInfoArguments>,
  dataBreakpointInfo: z.looseObject({
    variablesReference: int.optional(),
    name: z.string({ error: (issue) => `needs name, a variable's name or an expression, found ${describeInput(issue.input)}` }),
    frameId: int.optional(),
    bytes: int.optional(),
    asAddress: bool.optional(),
    mode: str.optional(),
  }) satisfies z.ZodType<P.DataBreakpointInfoArguments>,
  setDataBreakpoints: z.looseObject({
    breakpoints: z.array(z.looseObject({
      dataId: z.string({ error: (issue) => `needs a dataId (from dataBreakpointInfo) in every breakpoint, found ${describeInput(issue.input)} at ${pathText(issue.path)}` }),
      accessType: z.enum(['read', 'write', 'readWrite']).optional(),
      condition: str.optional(),
      hitCondition: str.optional(),
    }), { error: (issue) => `needs breakpoints, an array of data breakpoints, found ${describeInput(issue.input)}` }),
  }) satisfies z.ZodType<P.SetDataBreakpointsArguments>,
  setVariable: z.looseObject({
    variablesReference: int,
    name: z.string({ error: (issue) => `needs name, the variable's name, found ${describeInput(issue.input)}` }),
    value: z.string({ error: (issue) => `needs value, an expression (a string) such as "1.5", found ${describeInput(issue.input)}` }),
    format: valueFormat.optional(),
  }) satisfies z.ZodType<P.SetVariableArguments>,
  setExpression: z.looseObject({
    expression: z.string({ error: (issue) => `needs expression, what to set (a string) such as "acc[0, 0:4]", found ${describeInput(issue.input)}` }),
    value: z.string({ error: (issue) => `needs value, an expression (a string) such as "1.5", found ${describeInput(issue.input)}` }),
    frameId: int.optional(),
    format: valueFormat.optional(),
  }) satisfies z.ZodType<P.SetExpressionArguments>,
  readMemory: z.looseObject({
    memoryReference: z.string({ error: (issue) => `needs memoryReference, an address such as "0x1000", found ${describeInput(issue.input)}` }),
    offset: int.optional(),
    count: z.int({ error: (issue) => `needs count, a whole number of bytes, found ${describeInput(issue.input)}` }).min(0),
  }) satisfies z.ZodType<P.ReadMemoryArguments>,
  writeMemory: z.looseObject({
    memoryReference: z.string({ error: (issue) => `needs memoryReference, an address such as "0x1000", found ${describeInput(issue.input)}` }),
    offset: int.optional(),
    allowPartial: bool.optional(),
    data: z.string({ error: (issue) => `needs data, the bytes in base64, found ${describeInput(issue.input)}` }),
  }) satisfies z.ZodType<P.WriteMemoryArguments>,
  completions: z.looseObject({
    frameId: int.optional(),
    text: z.string({ error: (issue) => `needs text, the input to complete, found ${describeInput(issue.input)}` }),
    column: int,
    line: int.optional(),
  }) satisfies z.ZodType<P.CompletionsArguments>,
} satisfies { readonly [C in DapCommand]: z.ZodType };

/** The arguments of a request as its schema parses them. */
export type Args<C extends Command> = C extends DapCommand ? z.infer<(typeof DAP_ARGUMENTS)[C]> : C extends BirCommand ? BirArguments<C> : never;

const ARGUMENTS = new Map<string, z.ZodType>([
  ...Object.entries(DAP_ARGUMENTS),
  ...Object.entries(BIR_REQUESTS).map(([command, request]) => [command, request.arguments] as const),
]);

/** The arguments of a request when they fit its schema, else the message that names what does not fit. */
export function checkArguments<C extends Command>(command: C, args: unknown): { readonly ok: true; readonly value: Args<C> } | { readonly ok: false; readonly message: string } {
  const r = ARGUMENTS.get(command)!.safeParse(args, { reportInput: true, error: describeIssue });
  // The map holds each command's own schema, which parses into that command's arguments.
  if (r.success) return { ok: true, value: r.data as Args<C> };
  const message = r.error.issues[0].message;
  return { ok: false, message: `'${command}'${message.startsWith(':') ? '' : ' '}${message}` };
}

/** An argument that does not fit: a clause that follows the command's name (`needs ...`, or `: ...`). */
function describeIssue(issue: z.core.$ZodRawIssue): string {
  const where = pathText(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return `needs '${where}' as ${typePhrase(issue)}, found ${describeInput(issue.input)}`;
    case 'too_small':
      return issue.minimum === 0 && issue.origin === 'number' ? `: ${where} cannot be negative, found ${describeInput(issue.input)}` : `: ${where} is too small, found ${describeInput(issue.input)}`;
    case 'too_big':
      // The limit is what the client needs to ask again within it.
      return `: ${where} is at most ${issue.maximum.toLocaleString('en-US')}, found ${describeInput(issue.input)}`;
    case 'invalid_value':
      return `: ${where} must be ${issue.values.map((v) => `'${String(v)}'`).join(' or ')}, found ${describeInput(issue.input)}`;
    default:
      return `: ${where} is not valid (${issue.code}), found ${describeInput(issue.input)}`;
  }
}

function typePhrase(issue: z.core.$ZodRawIssue): string {
  const def = issue.inst?._zod.def as { type?: string; format?: string } | undefined;
  if (def?.type === 'number' && (def.format === 'safeint' || def.format === 'int32')) return 'an integer';
  const expected = 'expected' in issue ? String(issue.expected) : 'a value';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** `breakpoints[0].line`. */
function pathText(path: readonly PropertyKey[] = []): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'the arguments';
}
