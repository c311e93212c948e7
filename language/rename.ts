/**
 * Rename across files: every occurrence of what the position names (its declaration, its uses, `m::f` in the files
 * that import it), after checking that the new name means what the old one did. A name already taken where it would
 * be seen, a keyword, an opcode, a register for a tensor (or a tensor's name for a register) is refused with the reason.
 */
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { OPCODES } from '../engine/ir/opcodes';
import { registerIndex } from '../engine/machine/limits';
import { Declaration, FileIndex } from './file-index';
import { declarationAt, referenceSpans } from './navigation';
import { toRange, uriOf } from './positions';
import { DeclRef, Workspace } from './workspace';

/** The language's keywords (docs/bir-language.md, "Lexical structure"; test/lsp/rename.test.ts compares). */
export const KEYWORDS = ['module', 'import', 'const', 'cores', 'dram', 'sbuf', 'psum', 'func', 'for', 'in', 'step', 'independent', 'if', 'else', 'call', 'return', 'input', 'output'] as const;
/** Names with a meaning of their own in expressions. */
const BUILT_IN_NAMES = ['core', 'ncores', 'true', 'false', 'inf', 'nan'];
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A rename refused, with the reason the editor shows. */
export class RenameRefused extends Error {}

const KIND_WORDS: Record<Declaration['kind'], string> = {
  module: 'module', const: 'constant', dram: 'DRAM tensor', function: 'function', param: 'parameter', register: 'register', alloc: 'tensor',
};

/** The range of the name at a position and the name, when there is something to rename there. */
export function prepareRename(ws: Workspace, file: string, line: number, col: number): { range: Range; placeholder: string } {
  const ref = declarationAt(ws, file, line, col);
  if (!ref) throw new RenameRefused('nothing to rename here: put the cursor on the name of a tensor, register, constant, function or module');
  refuseFixed(ref.decl);
  return { range: toRange(ref.at.occurrence(ref.occurrence).span), placeholder: ref.decl.name };
}

export function rename(ws: Workspace, file: string, line: number, col: number, newName: string): WorkspaceEdit {
  const ref = declarationAt(ws, file, line, col);
  if (!ref) throw new RenameRefused('nothing to rename here: put the cursor on the name of a tensor, register, constant, function or module');
  refuseFixed(ref.decl);
  if (newName === ref.decl.name) return { changes: {} };
  validate(ws, ref, newName);
  const changes: Record<string, TextEdit[]> = {};
  for (const r of referenceSpans(ws, ref)) (changes[uriOf(r.index.file)] ??= []).push({ range: toRange(r.span), newText: newName });
  return { changes };
}

/** Names the program's meaning depends on, which a rename would change. */
function refuseFixed(decl: Declaration): void {
  if (decl.kind === 'function' && decl.name === 'main') throw new RenameRefused('\'main\' cannot be renamed: it is where every core starts');
}

function validate(ws: Workspace, ref: DeclRef, name: string): void {
  const { decl, index } = ref;
  if (!IDENTIFIER.test(name)) throw new RenameRefused(`'${name}' is not a name: a name is a letter or '_' followed by letters, digits and '_'`);
  if ((KEYWORDS as readonly string[]).includes(name)) throw new RenameRefused(`'${name}' is a keyword of BIR`);
  if (OPCODES.has(name)) throw new RenameRefused(`'${name}' is an opcode`);
  if (BUILT_IN_NAMES.includes(name)) throw new RenameRefused(`'${name}' has a meaning of its own in expressions`);
  const isRegister = registerIndex(name) !== undefined;
  if (decl.kind === 'register' || (decl.kind === 'param' && !decl.type)) {
    if (!isRegister) throw new RenameRefused(`'${decl.name}' is a register: its new name must be a register too, r0 to r15`);
  } else if (isRegister) {
    throw new RenameRefused(`'${name}' is a register's name; a ${KIND_WORDS[decl.kind]} cannot be named like one`);
  }
  const taken = takenBy(ws, index, decl, name);
  if (taken) throw new RenameRefused(`'${name}' is already the name of ${describe(taken.index, taken.decl)}`);
}

/** The declaration the new name would clash with or be hidden by, where the renamed thing is seen. */
function takenBy(ws: Workspace, index: FileIndex, decl: Declaration, name: string): DeclRef | undefined {
  const found = (d: Declaration | undefined, at = index): DeclRef | undefined => (d ? { index: at, decl: d } : undefined);
  switch (decl.kind) {
    case 'param':
    case 'alloc':
    case 'register': {
      // A local clashes with the function's own names, and would hide a constant or tensor of the module used there.
      const local = index.localsOf(decl.fn!).find((d) => d.name === name);
      const hidden = index.topLevel().find((d) => d.name === name && d.kind !== 'function' && usedIn(index, d, index.decls[decl.fn!]));
      return found(local ?? hidden);
    }
    case 'const':
    case 'dram': {
      // The module's names clash; a function's local of that name would capture the uses in that function.
      const other = index.topLevel().find((d) => d.name === name && d.kind !== 'function');
      const capturing = index.decls.find((d) => d.fn !== undefined && d.name === name && usedIn(index, decl, index.decls[d.fn]));
      return found(other ?? capturing);
    }
    case 'function':
      return found(index.topLevel().find((d) => d.kind === 'function' && d.name === name));
    case 'module': {
      for (const file of ws.files()) {
        const other = ws.index(file);
        if (other && other.file !== index.file && other.moduleName === name) return found(other.decls[other.moduleDecl], other);
      }
      return undefined;
    }
  }
}

/** Whether a declaration is named inside a function. */
function usedIn(index: FileIndex, decl: Declaration, fn: Declaration): boolean {
  return index.occurrencesOf(decl.id).some((i) => {
    const line = index.occurrence(i).span.line;
    return fn.span.line <= line && line <= fn.span.endLine;
  });
}

function describe(index: FileIndex, d: Declaration): string {
  const where = d.fn !== undefined ? ` in '${index.decls[d.fn].name}'` : d.kind === 'module' ? ` (${index.file})` : '';
  return `the ${KIND_WORDS[d.kind]} declared at line ${d.nameSpan.line}${where}`;
}
