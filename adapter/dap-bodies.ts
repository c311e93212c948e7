/**
 * The body of each request's response, by command: DAP's from @vscode/debugprotocol (one entry per DAP request of
 * the request table, engine/protocol/request-table.ts: the compiler asks for a new one's), `bir/*`'s from the contract.
 */
import { DebugProtocol as P } from '@vscode/debugprotocol';
import type { BirBody, BirCommand } from '../contract/requests';
import type { Command, DapCommand } from '../engine/protocol/request-table';

interface DapBodies {
  initialize: P.Capabilities;
  launch: void;
  attach: void;
  restart: void;
  disconnect: void;
  terminate: void;
  setBreakpoints: P.SetBreakpointsResponse['body'];
  setFunctionBreakpoints: P.SetFunctionBreakpointsResponse['body'];
  setExceptionBreakpoints: P.SetExceptionBreakpointsResponse['body'];
  setInstructionBreakpoints: P.SetInstructionBreakpointsResponse['body'];
  disassemble: P.DisassembleResponse['body'];
  configurationDone: void;
  source: P.SourceResponse['body'];
  threads: P.ThreadsResponse['body'];
  stackTrace: P.StackTraceResponse['body'];
  scopes: P.ScopesResponse['body'];
  variables: P.VariablesResponse['body'];
  evaluate: P.EvaluateResponse['body'];
  continue: P.ContinueResponse['body'];
  next: void;
  stepIn: void;
  stepOut: void;
  stepBack: void;
  reverseContinue: void;
  stepInTargets: P.StepInTargetsResponse['body'];
  restartFrame: void;
  cancel: void;
  pause: void;
  exceptionInfo: P.ExceptionInfoResponse['body'];
  dataBreakpointInfo: P.DataBreakpointInfoResponse['body'];
  setDataBreakpoints: P.SetDataBreakpointsResponse['body'];
  setVariable: P.SetVariableResponse['body'];
  setExpression: P.SetExpressionResponse['body'];
  readMemory: P.ReadMemoryResponse['body'];
  writeMemory: P.WriteMemoryResponse['body'];
  completions: P.CompletionsResponse['body'];
}

export type Body<C extends Command> = C extends DapCommand ? DapBodies[C] : C extends BirCommand ? BirBody<C> : never;
