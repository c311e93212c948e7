/**
 * The formatter (engine/lang/format.ts): the layout it makes, and its properties on every program of examples/ and
 * test/programs/ and on fuzzed respacings of them: formatting twice changes nothing, the tokens and comments stay, the
 * checked program is the same, any spacing of a program formats to the same text, and a file that does not parse is
 * refused untouched.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { checkProgram, SourceHost } from '../../engine/lang/check/checker';
import { DiagnosticBag } from '../../engine/lang/diagnostics';
import { formatBir } from '../../engine/lang/format';
import { logicalLines } from '../../engine/lang/format-lines';
import { tokenize } from '../../engine/lang/lexer';
import { parseFile } from '../../engine/lang/parser';
import { dumpProgram } from '../helpers/front-end-dump';
import { generated, random } from '../helpers/generated-programs';

const ROOT = path.resolve(__dirname, '..', '..');

function birFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return birFiles(rel);
    return e.name.endsWith('.bir') ? [rel] : [];
  }).sort();
}

const FILES = [...birFiles('examples'), ...birFiles('test/programs')];

function format(text: string, file = 'test.bir'): string {
  const r = formatBir(text, file);
  if (r.refused) throw new Error(`refused: ${r.refused.map((d) => d.message).join('; ')}`);
  return r.text;
}

function parses(text: string, file: string): boolean {
  const bag = new DiagnosticBag();
  parseFile(text, file, bag);
  return !bag.hasErrors;
}

/** The tokens as the parser sees them, without their places; blank lines (newlines after a newline) left out. */
function tokensOf(text: string): string[] {
  const tokens = tokenize(text, 'f.bir', new DiagnosticBag());
  return tokens.filter((t, i) => !(t.kind === 'newline' && tokens[i - 1]?.kind === 'newline')).map((t) => `${t.kind} ${JSON.stringify(t.text)} ${t.value}`);
}

function commentsOf(text: string): string[] {
  return logicalLines(text, 'f.bir').flatMap((l) => [...l.gaps.flat().flatMap((g) => (g === 'break' ? [] : [g.comment])), ...(l.trailing === undefined ? [] : [l.trailing])]);
}

/** What the checker makes of a file (its imports read from the disk), without the places of things nor their texts as written. */
function checked(file: string, text: string): string {
  const abs = path.join(ROOT, file);
  const host: SourceHost = { readText: (f) => (f === abs ? text : fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined), exists: (f) => f === abs || fs.existsSync(f) };
  const r = checkProgram(abs, { host });
  const diagnostics = r.diagnostics.map((d) => `${d.severity}: ${d.message}`).join('\n');
  if (!r.program) return diagnostics;
  const program = dumpProgram(r.program).split('\n').filter((l) => !/^\s*(line|col|endLine|endCol|offset|start|end): -?\d+$/.test(l) && !/^\s*text: "/.test(l) && !l.includes(abs));
  return `${diagnostics}\n${program.join('\n')}`;
}

/**
 * The text with its blanks changed at random: indentation, the spaces between tokens (none where the two tokens still
 * lex apart), before trailing comments, blank lines repeated; newlines inside brackets and comments kept, and no
 * blank line added where there was none.
 */
function respaced(text: string, seed: number): string {
  const rnd = random(seed);
  const blanks = (): string => [' ', '  ', '\t', ' \t ', '     '][Math.floor(rnd() * 5)];
  const out: string[] = [];
  for (const line of logicalLines(text, 'f.bir')) {
    let s = rnd() < 0.5 ? '' : blanks();
    line.tokens.forEach((t, i) => {
      for (const g of line.gaps[i]) s += g === 'break' ? '\n' + blanks() : blanks() + g.comment;
      const glued = i > 0 && tokensOf(line.tokens[i - 1].text + t.text).join() === tokensOf(`${line.tokens[i - 1].text} ${t.text}`).join();
      const apart = i > 0 && !s.endsWith('\n') && !/\s$/.test(s);
      s += apart ? (glued && rnd() < 0.4 ? '' : blanks()) : '';
      s += t.text;
    });
    if (line.trailing !== undefined) s += (line.tokens.length ? blanks() : '') + line.trailing + (rnd() < 0.3 ? '  ' : '');
    out.push(s + (rnd() < 0.2 ? ' ' : ''));
    const blank = line.tokens.length === 0 && line.trailing === undefined;
    if (blank && rnd() < 0.5) out.push(rnd() < 0.5 ? '' : blanks());
  }
  return out.join(rnd() < 0.2 ? '\r\n' : '\n');
}

describe('formatter', () => {
  it('lays out blocks, spacing and columns as the reference writes them', () => {
    const text = [
      'module   m',
      'const  N=128   # rows',
      'const EDGE=N-2*N',
      'dram x:f32[N,256] input=random(seed = 1,low = -1,high=1)',
      'dram yy : f32[N, 256]   output',
      'func main(){',
      'sbuf t:f32[N,256]',
      '',
      '',
      'DmaCopy t<-x[0:N,r0*8:r0*8+8].T',
      'TensorScalar t<-t,op=mul,scalar=-1,mask = r0*N+p<N',
      '  for r0 in 0 .. N/ 2 step 2{',
      'if r0>=1&&r0<4{',
      '  Set r1 = - r0 ** 2',
      '}else{',
      'call f(t [0:1, :], -r0)',
      '}',
      '',
      '}',
      'DmaCopy yy<-t',
      '}',
      '',
    ].join('\n');
    assert.strictEqual(format(text), [
      'module m',
      'const N    = 128  # rows',
      'const EDGE = N - 2*N',
      'dram x  : f32[N, 256] input = random(seed=1, low=-1, high=1)',
      'dram yy : f32[N, 256] output',
      'func main() {',
      '  sbuf t : f32[N, 256]',
      '',
      '  DmaCopy      t <- x[0:N, r0*8 : r0*8+8].T',
      '  TensorScalar t <- t, op = mul, scalar = -1, mask = r0*N + p < N',
      '  for r0 in 0..N/2 step 2 {',
      '    if r0 >= 1 && r0 < 4 {',
      '      Set r1 = -r0 ** 2',
      '    } else {',
      '      call f(t[0:1, :], -r0)',
      '    }',
      '  }',
      '  DmaCopy yy <- t',
      '}',
      '',
    ].join('\n'));
  });

  it('keeps a line wrapped inside brackets where it was, with its comments', () => {
    const text = 'module m\nfunc main() {\n  call f(a,   # first\n b,\n     # the last\n    c\n  )\n}\n';
    assert.strictEqual(format(text), 'module m\nfunc main() {\n  call f(a,  # first\n      b,\n      # the last\n      c\n    )\n}\n');
  });

  it('never glues two tokens into another: `<` before a unary minus in brackets, a number before `.`', () => {
    const text = 'module m\nfunc main() {\n  Print x[r0 < -1], 1 .T\n}\n';
    const out = format(text);
    assert.ok(out.includes('Print x[r0< -1], 1 .T'), out);
    assert.deepStrictEqual(tokensOf(out), tokensOf(text));
  });

  it('puts a bracket after an operator as the operator stands: `B*(r0 + 1)` where `*` is tight, `-(x)`', () => {
    const text = 'module m\nfunc main() {\n  DmaCopy t <- x[0:B   *  (r0 + 1), r0 : -  (r0 - 1)]\n  Set r1 = B * (r0 + 1) - 2\n  Set r2 = - (r0)\n}\n';
    const out = format(text);
    assert.ok(out.includes('x[0 : B*(r0 + 1), r0 : -(r0 - 1)]'), out);
    assert.ok(out.includes('Set r1 = B*(r0 + 1) - 2'), out);
    assert.ok(out.includes('Set r2 = -(r0)'), out);
    assert.strictEqual(format(out), out);
  });

  it('lays out an allocation\'s place as a column after its type, the comma with the type; `independent` after the bounds', () => {
    const text = 'module m\nfunc main() {\n  psum a : f32[128, 512],bank=2\n  sbuf bb : f32[128, 4] , offset = 64\n  for r0 in 0..2   independent {\n      psum h:f32[128, 512], bank = 1\n  }\n}\n';
    const out = format(text);
    assert.strictEqual(out, 'module m\nfunc main() {\n  psum a  : f32[128, 512], bank = 2\n  sbuf bb : f32[128, 4],   offset = 64\n  for r0 in 0..2 independent {\n    psum h : f32[128, 512], bank = 1\n  }\n}\n');
    assert.strictEqual(format(out), out);
    assert.deepStrictEqual(tokensOf(out), tokensOf(text));
  });

  it('refuses a file that does not parse, with its mistakes', () => {
    const r = formatBir('module m\nfunc main() {\n  DmaCopy a <- \n}\n', 'bad.bir');
    assert.ok(r.refused && r.refused.length > 0);
    assert.match(`${r.refused[0].span.file}:${r.refused[0].span.line}`, /bad\.bir:3/);
  });

  it('keeps a Windows file\'s line ends', () => {
    const out = format('module m\r\nfunc main(){\r\n  sbuf t:f32[4,8]   # a tile\r\n}\r\n');
    assert.strictEqual(out, 'module m\r\nfunc main() {\r\n  sbuf t : f32[4, 8]  # a tile\r\n}\r\n');
    assert.strictEqual(format(out), out);
  });

  it('formats an empty file, and one of comments, to themselves', () => {
    assert.strictEqual(format(''), '');
    assert.strictEqual(format('\n\n# a\n\n\n#b   \n\n'), '# a\n\n#b\n');
  });

  for (const file of FILES) {
    it(`${file}: idempotent, tokens, comments and the checked program kept, any spacing formats alike`, () => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const r = formatBir(text, file);
      if (!parses(text, file)) {
        assert.ok(r.refused, 'a file that does not parse is refused');
        return;
      }
      assert.ok(r.text !== undefined, `refused: ${r.refused?.map((d) => d.message).join('; ')}`);
      const once = r.text;
      assert.strictEqual(format(once, file), once, 'formatting twice changes nothing');
      assert.deepStrictEqual(tokensOf(once), tokensOf(text));
      assert.deepStrictEqual(commentsOf(once), commentsOf(text).map((c) => c.trimEnd()));
      assert.strictEqual(checked(file, once), checked(file, text));
      for (let seed = 1; seed <= 5; seed++) {
        const variant = respaced(text, seed * 7919 + file.length);
        assert.deepStrictEqual(tokensOf(variant), tokensOf(text), 'the fuzzer keeps the tokens');
        assert.strictEqual(format(variant, file).replace(/\r\n/g, '\n'), once, `respacing ${seed}`);
      }
    });
  }

  it('generated programs (one-line blocks included) format idempotently to the same tokens', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const text = generated(seed);
      const once = format(text);
      assert.strictEqual(format(once), once);
      assert.deepStrictEqual(tokensOf(once), tokensOf(text));
      assert.strictEqual(format(respaced(text, seed)).replace(/\r\n/g, '\n'), once);
    }
  });
});
