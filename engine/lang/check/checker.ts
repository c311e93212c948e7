/**
 * The checker: loads a file and its imports, checks every declaration and statement, and builds the program.
 * It reports every mistake it can find in one pass; the program is returned only when there is no error.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ast from '../ast';
import { Diagnostic, DiagnosticBag } from '../diagnostics';
import { FileOutline, parseBody, parseOutline, UnreadBodyMistake } from '../parser';
import { fileStart, Span } from '../../base/span';
import { DeclaredCores, DramInfo, DramInit, FunctionIR, ModuleInfo, Program } from '../../ir/program';
import { Code } from '../../ir/code';
import { SourceText } from '../../ir/source-text';
import { dtypeInfo } from '../../base/dtype';
import { DEFAULT_DRAM_LIMIT_BYTES, MAX_CORES } from '../../machine/limits';
import { readNpyFile, NpyError } from '../../io/npy';
import { readTextFile } from '../../io/read-file';
import { npyFitsTensor } from '../../io/tensor-files';
import { checkCallChains } from './placement';
import { KnownLines } from '../known-lines';
import { BodyBuilder, CallSite, declareFunction, PendingFunction, resolveType } from './functions';
import { ModuleScope, Resolver } from './scope';
import { suggest } from '../../base/suggest';
import { currentBudget, MAX_SOURCE_CHARS, MemoryBudget, sizeProblem } from './program-size';

/** Where the checker reads files from: the disk, or an editor's unsaved buffers first. */
export interface SourceHost {
  readText(file: string): string | undefined;
  exists(file: string): boolean;
  /** The size of a file in bytes before it is read, when the host knows it: a program too big is refused unread. */
  size?(file: string): number | undefined;
}

export interface CheckOptions {
  readonly host?: SourceHost;
  readonly dramLimitBytes?: number;
  /**
   * How function bodies are read: `once` (the default) passes over them in the outline and parses each once, as its
   * function is built, and on a mistake checks again as `outline` does; `outline` parses every body for its mistakes
   * in the outline, then again as it is built. Both give the same result: `outline` is what tests compare with.
   */
  readonly bodies?: 'once' | 'outline';
  /**
   * Told now and then (every tenth of a second at most) how far the check of a big program is (PROGRESS_LINES lines
   * or more): lines of function bodies checked, of the lines of every file the program loads. A launch shows it.
   */
  readonly progress?: (linesChecked: number, linesTotal: number) => void;
  /** What the check may use (the default: what this process may still use when the check starts). */
  readonly memory?: MemoryBudget;
  /**
   * Whether a line of a body repeating an earlier line's text gets a copy of its node unread (the default; see
   * check/repeated-lines.ts), or is read like any other: the same program either way, which tests compare.
   */
  readonly repeatLines?: boolean;
  /**
   * The entry may be a library: a module of functions other modules import (a part of a model split over modules).
   * Without `func main` it is checked whole, with no error for the missing main, and makes no program.
   */
  readonly library?: boolean;
}

export interface CheckResult {
  readonly program?: Program;
  readonly diagnostics: Diagnostic[];
}

/**
 * Checks a program. A first check passes over the function bodies in the outline (a scan of their characters rather
 * than a parse; most programs have no mistake in them) and reads each body once, as it is built. A body found to
 * have a mistake that way ends it, and the program is checked again from the start with every body parsed in the
 * outline, where each mistake is reported with its recovery: the result is the same either way, the first faster.
 */
export function checkProgram(entryFile: string, options: CheckOptions = {}): CheckResult {
  // Read once for both checks: a second check reads the files the first read.
  const host = readingOnce(options.host ?? diskHost());
  if (options.bodies !== 'outline') {
    try {
      return check(entryFile, options, host, true);
    } catch (e) {
      if (!(e instanceof UnreadBodyMistake)) throw e;
    }
  }
  return check(entryFile, options, host, false);
}

function check(entryFile: string, options: CheckOptions, host: SourceHost, skipBodies: boolean): CheckResult {
  const diagnostics = new DiagnosticBag();
  const checker = new Checker(host, diagnostics, options.dramLimitBytes ?? DEFAULT_DRAM_LIMIT_BYTES, skipBodies, options.memory ?? currentBudget(), options.progress, options.repeatLines ?? true, options.library ?? false);
  const program = checker.run(path.resolve(entryFile));
  checker.readUnreadBodies();
  return { program: diagnostics.hasErrors ? undefined : program, diagnostics: diagnostics.sorted() };
}

/** A host that asks `host` once per file and answers again from what it was told. */
function readingOnce(host: SourceHost): SourceHost {
  const texts = new Map<string, string | undefined>();
  const exists = new Map<string, boolean>();
  return {
    readText: (f) => {
      if (!texts.has(f)) texts.set(f, host.readText(f));
      return texts.get(f);
    },
    exists: (f) => {
      if (!exists.has(f)) exists.set(f, host.exists(f));
      return exists.get(f)!;
    },
  };
}

/** The largest source file read: what one string holds (a bigger program is refused, with its size, before it is read). */
const SOURCE_LIMIT = { bytes: MAX_SOURCE_CHARS, what: 'a BIR source file' };

export function diskHost(): SourceHost {
  return {
    readText: (file) => {
      // Never a FIFO or a device (which would be read without end), nor a file beyond any program's size.
      try {
        return readTextFile(file, SOURCE_LIMIT);
      } catch {
        return undefined;
      }
    },
    exists: (file) => fs.existsSync(file),
    size: (file) => {
      try {
        const stat = fs.statSync(file);
        return stat.isFile() ? stat.size : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

class Checker {
  private readonly resolver: Resolver;
  private readonly modules = new Map<string, ModuleScope>();
  private readonly byFile = new Map<string, ModuleScope>();
  private readonly files = new Map<string, FileOutline>();
  private readonly builtBodies = new Set<ast.FuncDecl>();
  private readonly sources = new Map<string, string>();
  private readonly moduleSpans = new Map<ModuleScope, Span>();
  private readonly drams: DramInfo[] = [];
  private readonly cores = new Map<ModuleScope, DeclaredCores>();
  private dramBytes = 0;
  /** Characters and lines of the sources loaded so far. */
  private loaded = { bytes: 0, lines: 0 };
  /** The text of spans, from the sources: the line starts of a file are found once, for messages and the code. */
  private readonly text = new SourceText(this.sources);

  constructor(
    private readonly host: SourceHost,
    private readonly diagnostics: DiagnosticBag,
    private readonly dramLimit: number,
    /** Function bodies passed over in the outlines, and read once, as they are built (see checkProgram). */
    private readonly skipBodies: boolean,
    /** What the program may take; the sizes of the files loaded so far count against it. */
    private readonly memory: MemoryBudget,
    private readonly progress: ((linesChecked: number, linesTotal: number) => void) | undefined,
    private readonly repeatLines: boolean,
    /** An entry without main is a library (CheckOptions.library). */
    private readonly library: boolean,
  ) {
    this.resolver = new Resolver(diagnostics);
  }

  /** Parses the bodies passed over unread that no function was built from, for their mistakes. */
  readUnreadBodies(): void {
    for (const [file, outline] of this.files) {
      for (const [decl, close] of outline.unread) {
        if (this.builtBodies.has(decl)) continue;
        parseBody(this.sources.get(file)!, file, outline.bodies.get(decl)!, () => undefined, close);
      }
    }
  }

  run(entryFile: string): Program | undefined {
    const entry = this.load(entryFile, undefined);
    if (!entry) return undefined;
    const order = [...this.byFile.values()];
    for (const m of order) this.declareTopLevel(m);
    const pending: PendingFunction[] = [];
    for (const m of order) pending.push(...this.declareFunctions(m));
    const callees = new Map<FunctionIR, CallSite[]>();
    const code = new Code(this.text);
    const lines = this.loaded.lines;
    const progress = this.progress && lines >= PROGRESS_LINES ? new CheckProgress(this.progress, lines) : undefined;
    for (const p of pending) {
      const builder = new BodyBuilder(p, code, this.resolver, (name, span, from) => this.lookupFunction(name, span, from));
      const outline = this.files.get(p.module.file)!;
      const told = progress ? progress.told(p.decl) : UNTOLD;
      const text = this.sources.get(p.module.file)!;
      const read = (visit: (s: ast.Stmt) => void, known?: KnownLines): void => parseBody(text, p.module.file, outline.bodies.get(p.decl)!, told.visit(visit), outline.unread.get(p.decl), known && told.known(known));
      builder.build(read, this.repeatLines);
      progress?.bodyDone(p.decl);
      this.builtBodies.add(p.decl);
      callees.set(p.fn, builder.calls);
    }
    const main = entry.functions.get('main');
    if (!main) {
      if (!this.library) this.diagnostics.error(this.moduleSpans.get(entry)!, `module '${entry.name}' has no function 'main': a program starts at 'func main()'`);
      return undefined;
    }
    if (main.params.length > 0) this.diagnostics.error(main.span, '\'main\' takes no parameters: it is where every core starts');
    checkCallChains(main, callees, this.diagnostics);
    const functions = new Map(pending.map((p) => [p.fn.fullName, p.fn as FunctionIR]));
    const info = (m: ModuleScope): ModuleInfo => ({ name: m.name, file: m.file, span: this.moduleSpans.get(m)! });
    const program: Program = {
      entry: info(entry), modules: order.map(info), functions, main, drams: this.drams, code, sources: this.sources,
      constants: new Map(order.map((m) => [m.name, m.consts])), ...this.declaredCores(entry),
    };
    code.seal();
    return program;
  }

  // ---- files and modules ----

  private load(file: string, importedAt: Span | undefined): ModuleScope | undefined {
    const known = this.byFile.get(file);
    if (known) return known;
    const size = this.host.size?.(file);
    if (size !== undefined && this.tooBig(file, size, undefined, importedAt)) return undefined;
    const text = this.host.readText(file);
    if (text === undefined) {
      this.diagnostics.error(importedAt ?? fileStart(file), `cannot read '${file}'`);
      return undefined;
    }
    // Counted once, for the budget and for the progress of a launch.
    const lines = lineCount(text);
    if (this.tooBig(file, text.length, lines, importedAt, size === undefined || size === text.length ? 1 : 2)) return undefined;
    this.loaded = { bytes: this.loaded.bytes + text.length, lines: this.loaded.lines + lines };
    this.sources.set(file, text);
    const outline = parseOutline(text, file, this.diagnostics, this.skipBodies);
    const fileAst = outline.ast;
    this.files.set(file, outline);
    const name = fileAst.module?.name ?? path.basename(file, path.extname(file));
    if (!fileAst.module) {
      this.diagnostics.warning(fileStart(file), `the file has no 'module' declaration; its module is named '${name}' after the file`);
    }
    const scope: ModuleScope = {
      name, file, textOf: (span) => this.text.of(span), consts: new Map(), drams: new Map(), functions: new Map(), imports: new Map(),
    };
    const clash = this.modules.get(name);
    if (clash) {
      this.diagnostics.error(fileAst.module?.span ?? importedAt ?? fileStart(file), `module '${name}' is also declared in '${clash.file}'; module names must be unique`);
      return undefined;
    }
    this.modules.set(name, scope);
    this.byFile.set(file, scope);
    this.moduleSpans.set(scope, fileAst.module?.span ?? fileStart(file));
    for (const d of fileAst.decls) {
      if (d.kind !== 'import') continue;
      const target = path.resolve(path.dirname(file), d.path);
      const imported = this.load(target, d.pathSpan);
      if (imported) scope.imports.set(imported.name, imported);
    }
    return scope;
  }

  /**
   * Reports a program that cannot be checked in what this process may use, with the sources loaded so far and this
   * file: unread (its size only, `lines` undefined), or read (its lines counted).
   */
  private tooBig(file: string, chars: number, lines: number | undefined, importedAt: Span | undefined, bytesPerChar = 1): boolean {
    const problem = sizeProblem(this.loaded.bytes + chars, lines === undefined ? undefined : this.loaded.lines + lines, this.memory, bytesPerChar);
    if (!problem) return false;
    this.diagnostics.error(importedAt ?? fileStart(file), `${path.basename(file)}: ${problem}`);
    return true;
  }

  private declareTopLevel(m: ModuleScope): void {
    for (const d of this.files.get(m.file)!.ast.decls) {
      if (d.kind === 'const') this.declareConst(d, m);
      else if (d.kind === 'dram') this.declareDram(d, m);
      else if (d.kind === 'cores') this.declareCores(d, m);
    }
  }

  /** `cores N`, once per module; only the entry module's counts (see declaredCores). */
  private declareCores(d: ast.CoresDecl, m: ModuleScope): void {
    const earlier = this.cores.get(m);
    if (earlier) {
      this.diagnostics.error(d.span, `module '${m.name}' already declares its cores at line ${earlier.span.line}`);
      return;
    }
    const count = this.resolver.integer(d.value, m, 'the number of cores', 1, MAX_CORES);
    if (count !== undefined) this.cores.set(m, { count, span: d.span });
  }

  /** The entry module's declaration; an imported module's is said to have no effect. */
  private declaredCores(entry: ModuleScope): { cores?: DeclaredCores } {
    for (const [m, declared] of this.cores) {
      if (m !== entry) this.diagnostics.warning(declared.span, `'cores ${declared.count}' has no effect in an imported module: the program's entry module (${path.basename(entry.file)}) says how many cores run main`);
    }
    const cores = this.cores.get(entry);
    return cores ? { cores } : {};
  }

  private declareConst(d: ast.ConstDecl, m: ModuleScope): void {
    if (m.consts.has(d.name) || m.drams.has(d.name)) {
      this.diagnostics.error(d.nameSpan, `'${d.name}' is already declared in module '${m.name}'`);
      return;
    }
    const v = this.resolver.constant(d.value, m, `constant '${d.name}'`);
    if (v !== undefined) m.consts.set(d.name, v);
  }

  private declareDram(d: ast.DramDecl, m: ModuleScope): void {
    if (m.consts.has(d.name) || m.drams.has(d.name)) {
      this.diagnostics.error(d.nameSpan, `'${d.name}' is already declared in module '${m.name}'`);
      return;
    }
    const type = resolveType(d.type, m, this.resolver, `'${d.name}'`);
    if (!type) return;
    const bytes = type.shape.reduce((a, b) => a * b, 1) * dtypeInfo(type.dtype).bytes;
    if (this.dramBytes + bytes > this.dramLimit) {
      this.diagnostics.error(d.span, `'${d.name}' needs ${bytes} bytes of DRAM; with the tensors before it that exceeds the limit of ${this.dramLimit} bytes`);
      return;
    }
    this.dramBytes += bytes;
    const init = d.init ? this.dramInit(d, d.init, m, type) : undefined;
    if (d.init && !init) return;
    const info: DramInfo = {
      kind: 'dram', name: d.name, module: m.name, dtype: type.dtype, shape: type.shape, role: d.role, init, span: d.span, slot: this.drams.length,
    };
    this.drams.push(info);
    m.drams.set(d.name, info);
  }

  private dramInit(d: ast.DramDecl, e: ast.Expr, m: ModuleScope, type: { dtype: DramInfo['dtype']; shape: number[] }): DramInit | undefined {
    const forms = 'zeros, const(v), iota, random(seed=, low=, high=) or file("x.npy")';
    if (e.kind === 'name' && (e.name === 'zeros' || e.name === 'iota')) return { kind: e.name };
    if (e.kind !== 'call' || !['const', 'random', 'file'].includes(e.callee)) {
      this.diagnostics.error(e.span, `unknown initializer for '${d.name}' (known: ${forms})`);
      return undefined;
    }
    if (e.callee === 'const') {
      if (e.args.length !== 1 || e.named.length) return this.initError(e, 'const(v) takes one value');
      const value = this.resolver.constant(e.args[0], m, 'the value of const(v)');
      return value === undefined ? undefined : { kind: 'const', value };
    }
    if (e.callee === 'random') return this.randomInit(e, m);
    if (e.args.length !== 1 || e.args[0].kind !== 'string' || e.named.length) return this.initError(e, 'file("path.npy") takes one quoted path');
    return this.fileInit(d, e.args[0] as ast.StringExpr, m, type);
  }

  private randomInit(e: ast.CallExpr, m: ModuleScope): DramInit | undefined {
    if (e.args.length) return this.initError(e, 'random takes named arguments: random(seed=1, low=-1, high=1)');
    const values: Record<string, number> = { seed: 0, low: 0, high: 1 };
    for (const n of e.named) {
      if (!(n.name in values)) {
        this.diagnostics.error(n.span, `random has no argument '${n.name}' (its arguments: seed, low, high)`);
        return undefined;
      }
      const v = n.name === 'seed' ? this.resolver.integer(n.value, m, 'the seed', 0, 2 ** 32 - 1) : this.resolver.constant(n.value, m, `'${n.name}'`);
      if (v === undefined) return undefined;
      values[n.name] = v;
    }
    if (!(values.low < values.high)) return this.initError(e, `random needs low < high, found low = ${values.low}, high = ${values.high}`);
    return { kind: 'random', seed: values.seed, low: values.low, high: values.high };
  }

  private fileInit(d: ast.DramDecl, arg: ast.StringExpr, m: ModuleScope, type: { dtype: DramInfo['dtype']; shape: number[] }): DramInit | undefined {
    const file = path.resolve(path.dirname(m.file), arg.value);
    if (!this.host.exists(file)) {
      this.diagnostics.error(arg.span, `data file '${arg.value}' not found (looked for ${file})`);
      return undefined;
    }
    try {
      const problem = npyFitsTensor(readNpyFile(file), type.dtype, type.shape);
      if (problem) {
        this.diagnostics.error(arg.span, `'${arg.value}' cannot initialize '${d.name}' (${type.dtype}[${type.shape.join(', ')}]): ${problem}`);
        return undefined;
      }
    } catch (err) {
      this.diagnostics.error(arg.span, err instanceof NpyError ? err.message : `cannot read '${arg.value}': ${(err as Error).message}`);
      return undefined;
    }
    return { kind: 'file', path: file, span: arg.span };
  }

  private initError(e: ast.Expr, message: string): undefined {
    this.diagnostics.error(e.span, message);
    return undefined;
  }

  // ---- functions ----

  private declareFunctions(m: ModuleScope): PendingFunction[] {
    const out: PendingFunction[] = [];
    for (const d of this.files.get(m.file)!.ast.decls) {
      if (d.kind !== 'func') continue;
      const earlier = m.functions.get(d.name);
      if (earlier) {
        this.diagnostics.error(d.nameSpan, `function '${d.name}' is already defined at line ${earlier.span.line}`);
        continue;
      }
      const p = declareFunction(d, m, this.resolver);
      m.functions.set(d.name, p.fn);
      out.push(p);
    }
    return out;
  }

  /** `f` is a function of the calling module; `m::f` a function of module m, which the caller imports (or is). */
  private lookupFunction(name: string, span: Span, from: ModuleScope): FunctionIR | undefined {
    const parts = name.split('::');
    if (parts.length > 2) {
      this.diagnostics.error(span, `'${name}' is not a function name: write 'f' or 'module::f'`);
      return undefined;
    }
    const [moduleName, fnName] = parts.length === 2 ? parts : [from.name, parts[0]];
    const module = moduleName === from.name ? from : from.imports.get(moduleName);
    if (!module) {
      const hint = suggest(moduleName, from.imports.keys());
      this.diagnostics.error(span, `unknown module '${moduleName}'${hint ? `; did you mean '${hint}'?` : ''} (import its file first: import "${moduleName}.bir")`);
      return undefined;
    }
    const fn = module.functions.get(fnName);
    if (!fn) {
      const hint = suggest(fnName, module.functions.keys());
      const elsewhere = [...from.imports.values()].filter((m) => m.functions.has(fnName)).map((m) => `${m.name}::${fnName}`);
      const more = elsewhere.length ? ` (imported: ${elsewhere.join(', ')})` : hint ? `; did you mean '${hint}'?` : '';
      this.diagnostics.error(span, `unknown function '${name}' in module '${module.name}'${more}`);
      return undefined;
    }
    return fn;
  }
}

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Programs of fewer lines check too fast to show how far they are. */
export const PROGRESS_LINES = 100_000;
/** Statements between looks at the clock. */
const PROGRESS_STATEMENTS = 4096;

/** What reads a body's statements and its repeated lines, wrapped to tell the progress. */
interface BodyTelling {
  visit(visit: (s: ast.Stmt) => void): (s: ast.Stmt) => void;
  known(known: KnownLines): KnownLines;
}

const UNTOLD: BodyTelling = { visit: (visit) => visit, known: (known) => known };
const PROGRESS_EVERY_MS = 100;

/** How far the building of bodies is, in lines, told at most every PROGRESS_EVERY_MS. */
class CheckProgress {
  private done = 0;
  private last = 0;

  constructor(
    private readonly tell: (linesChecked: number, linesTotal: number) => void,
    private readonly total: number,
  ) {}

  /** The readers of a body's statements and repeated lines, which tell how far the body is every so many lines. */
  told(decl: ast.FuncDecl): BodyTelling {
    const start = decl.body.open.line;
    let count = 0;
    const tick = (line: number): void => {
      if (++count % PROGRESS_STATEMENTS === 0) this.maybeTell(this.done + line - start);
    };
    return {
      visit: (visit) => (s) => {
        visit(s);
        tick(s.span.line);
      },
      known: (known) => ({
        repeat: (text, line) => {
          const repeated = known.repeat(text, line);
          if (repeated) tick(line);
          return repeated;
        },
        learn: (text, line) => known.learn(text, line),
      }),
    };
  }

  bodyDone(decl: ast.FuncDecl): void {
    this.done += decl.body.close.line - decl.body.open.line + 1;
    this.maybeTell(this.done);
  }

  private maybeTell(lines: number): void {
    const now = performance.now();
    if (now - this.last < PROGRESS_EVERY_MS) return;
    this.last = now;
    this.tell(Math.min(lines, this.total), this.total);
  }
}
