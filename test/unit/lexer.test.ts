import * as assert from 'assert';
import { Diagnostic, DiagnosticBag } from '../../engine/lang/diagnostics';
import { EOF, Token, TokenStream, tokenize } from '../../engine/lang/lexer';

// ---------------------------------------------------------------------------
// helpers

function lex(text: string): { tokens: Token[]; diagnostics: Diagnostic[] } {
  const bag = new DiagnosticBag();
  const tokens = tokenize(text, 'test.bir', bag);
  return { tokens, diagnostics: bag.sorted() };
}

/** The tokens without the final newline and eof, as `kind:text`. */
function kinds(text: string): string[] {
  const { tokens, diagnostics } = lex(text);
  assert.deepStrictEqual(diagnostics, [], `unexpected diagnostics for ${JSON.stringify(text)}`);
  return tokens.slice(0, -2).map((t) => `${t.kind}:${t.kind === 'newline' ? '\\n' : t.text}`);
}

/** The one token of a text (besides the final newline and eof). */
function single(text: string): Token {
  const { tokens, diagnostics } = lex(text);
  assert.deepStrictEqual(diagnostics, [], `unexpected diagnostics for ${JSON.stringify(text)}`);
  assert.strictEqual(tokens.length, 3, `one token expected in ${JSON.stringify(text)}: ${tokens.map((t) => t.text).join(' ')}`);
  return tokens[0];
}

/** `line:col-endCol` of a token. */
function where(t: Token): string {
  assert.strictEqual(t.span.line, t.span.endLine, 'tokens stay on one line');
  return `${t.span.line}:${t.span.col}-${t.span.endCol}`;
}

function errors(text: string): string[] {
  return lex(text).diagnostics.map((d) => `${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message}`);
}

// ---------------------------------------------------------------------------

describe('lexer', () => {
  describe('identifiers', () => {
    it('lexes letters, digits and underscores, not starting with a digit', () => {
      for (const name of ['x', 'X1', '_', '_tmp_2', 'r15', 'DmaCopy', 'fp8e4m3', 'a_b_c']) {
        const t = single(name);
        assert.strictEqual(t.kind, 'ident');
        assert.strictEqual(t.text, name);
      }
    });

    it('keeps keywords and opcodes as identifiers', () => {
      assert.deepStrictEqual(kinds('module func for in step if else Set MatMult'), [
        'ident:module', 'ident:func', 'ident:for', 'ident:in', 'ident:step', 'ident:if', 'ident:else', 'ident:Set', 'ident:MatMult',
      ]);
    });

    it('lexes inf and nan as numbers, but not words that start with them', () => {
      const inf = single('inf');
      assert.strictEqual(inf.kind, 'number');
      assert.strictEqual(inf.value, Infinity);
      const nan = single('nan');
      assert.strictEqual(nan.kind, 'number');
      assert.ok(Number.isNaN(nan.value));
      assert.strictEqual(single('info').kind, 'ident');
      assert.strictEqual(single('nans').kind, 'ident');
      assert.strictEqual(single('Inf').kind, 'ident');
    });
  });

  describe('numbers', () => {
    const cases: [string, number][] = [
      ['0', 0],
      ['12', 12],
      ['0x1F', 31],
      ['0X1f', 31],
      ['0xff_ff', 65535],
      ['1_000', 1000],
      ['1_000_000', 1e6],
      ['3.5', 3.5],
      ['1.', 1],
      ['.5', 0.5],
      ['.25e1', 2.5],
      ['1e-3', 1e-3],
      ['1e3', 1000],
      ['2.5E+4', 25000],
      ['6.02e23', 6.02e23],
      ['1_0.5_0', 10.5],
    ];
    for (const [text, value] of cases) {
      it(`lexes ${text} as ${value}`, () => {
        const t = single(text);
        assert.strictEqual(t.kind, 'number');
        assert.strictEqual(t.text, text);
        assert.strictEqual(t.value, value);
        assert.strictEqual(where(t), `1:1-${text.length + 1}`);
      });
    }

    it('does not lex a range 0..4 as decimals', () => {
      assert.deepStrictEqual(kinds('0..4'), ['number:0', 'punct:..', 'number:4']);
      assert.deepStrictEqual(kinds('r0..16'), ['ident:r0', 'punct:..', 'number:16']);
      assert.deepStrictEqual(kinds('1.5..3'), ['number:1.5', 'punct:..', 'number:3']);
      assert.deepStrictEqual(kinds('0 .. N'), ['number:0', 'punct:..', 'ident:N']);
      const { tokens } = lex('0..4');
      assert.deepStrictEqual(tokens.slice(0, 3).map(where), ['1:1-2', '1:2-4', '1:4-5']);
    });

    it('lexes .5 as a number wherever it stands, also after a keyword', () => {
      assert.deepStrictEqual(kinds('step .5'), ['ident:step', 'number:.5']);
      assert.deepStrictEqual(kinds('Print .5'), ['ident:Print', 'number:.5']);
      assert.deepStrictEqual(kinds('a*.5'), ['ident:a', 'punct:*', 'number:.5']);
      assert.deepStrictEqual(kinds('0...5'), ['number:0', 'punct:..', 'number:.5']);
    });

    it('keeps the dot of a member access as punctuation', () => {
      assert.deepStrictEqual(kinds('x.T'), ['ident:x', 'punct:.', 'ident:T']);
      assert.deepStrictEqual(kinds('t[0:1].bcast(4)'), [
        'ident:t', 'punct:[', 'number:0', 'punct::', 'number:1', 'punct:]', 'punct:.', 'ident:bcast', 'punct:(', 'number:4', 'punct:)',
      ]);
    });

    it('reports letters glued to a number, with the whole word spanned', () => {
      assert.deepStrictEqual(errors('x = 12ab'), ["1:5-9 malformed number '12ab'"]);
      assert.deepStrictEqual(errors('  3.5f'), ["1:3-7 malformed number '3.5f'"]);
      assert.deepStrictEqual(errors('1e'), ["1:1-3 malformed number '1e'"]);
      assert.deepStrictEqual(errors('0x'), ["1:1-3 malformed number '0x'"]);
      assert.deepStrictEqual(errors('0xfg'), ["1:1-5 malformed number '0xfg'"]);
      assert.deepStrictEqual(errors('0x_'), ["1:1-4 malformed number '0x_'"]);
      assert.deepStrictEqual(errors('1e5x'), ["1:1-5 malformed number '1e5x'"]);
      assert.deepStrictEqual(errors('9_a'), ["1:1-4 malformed number '9_a'"]);
    });

    it('still produces one number token for a malformed number, valued 0', () => {
      const { tokens } = lex('12ab + 1');
      assert.deepStrictEqual(tokens.slice(0, 3).map((t) => [t.kind, t.text, t.value]), [
        ['number', '12ab', 0], ['punct', '+', 0], ['number', '1', 1],
      ]);
    });
  });

  describe('strings', () => {
    it('decodes the escapes \\n \\t \\" \\\\', () => {
      const t = single('"a\\nb\\tc\\"d\\\\e"');
      assert.strictEqual(t.kind, 'string');
      assert.strictEqual(t.text, 'a\nb\tc"d\\e');
      assert.strictEqual(where(t), '1:1-16');
    });

    it('lexes empty strings and strings with # inside', () => {
      assert.strictEqual(single('""').text, '');
      assert.strictEqual(single('"# not a comment"').text, '# not a comment');
      assert.strictEqual(single('"y[0, 0:4] ="').text, 'y[0, 0:4] =');
    });

    it('reports an unterminated string at its opening quote, up to the end of the line', () => {
      assert.deepStrictEqual(errors('Print "abc\nx'), [
        '1:7-11 unterminated string: expected \'"\' before the end of the line',
      ]);
      const { tokens } = lex('Print "abc\nx');
      assert.deepStrictEqual(tokens.map((t) => t.kind), ['ident', 'string', 'newline', 'ident', 'newline', 'eof']);
      assert.strictEqual(tokens[1].text, 'abc');
      assert.strictEqual(where(tokens[3]), '2:1-2');
    });

    it('reports an unterminated string at the end of the file', () => {
      assert.deepStrictEqual(errors('"abc'), ['1:1-5 unterminated string: expected \'"\' before the end of the line']);
    });

    it('does not let a backslash at the end of a line continue the string', () => {
      const { tokens, diagnostics } = lex('"ab\\\nx');
      assert.deepStrictEqual(diagnostics.map((d) => `${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message}`), [
        '1:1-5 unterminated string: expected \'"\' before the end of the line',
      ]);
      assert.deepStrictEqual(tokens.map((t) => `${t.kind}@${where(t)}`), [
        'string@1:1-5', 'newline@1:5-5', 'ident@2:1-2', 'newline@2:2-2', 'eof@2:2-2',
      ]);
      assert.deepStrictEqual(errors('"ab\\'), ['1:1-5 unterminated string: expected \'"\' before the end of the line']);
      assert.deepStrictEqual(errors('"ab\\\r\nx'), ['1:1-6 unterminated string: expected \'"\' before the end of the line']);
    });

    it('reports an unknown escape at its backslash and goes on', () => {
      assert.deepStrictEqual(errors('Print "a\\qb", 1'), ["1:9-11 unknown escape '\\q' in string (known: \\n \\t \\\" \\\\)"]);
      const { tokens } = lex('Print "a\\qb", 1');
      assert.strictEqual(tokens[1].text, 'aqb');
      assert.deepStrictEqual(tokens.slice(2, 4).map((t) => t.text), [',', '1']);
      assert.deepStrictEqual(errors('"\\u0041"'), ["1:2-4 unknown escape '\\u' in string (known: \\n \\t \\\" \\\\)"]);
      assert.deepStrictEqual(errors('"\\\u0001"'), ["1:2-4 unknown escape '\\\\u0001' in string (known: \\n \\t \\\" \\\\)"]);
    });
  });

  describe('punctuation', () => {
    it('lexes every operator, two-character ones first', () => {
      const all = [
        '::', '<-', '..', '**', '==', '!=', '<=', '>=', '&&', '||',
        '{', '}', '(', ')', '[', ']', ',', ':', '=', '.', '+', '-', '*', '/', '%', '<', '>', '!',
      ];
      for (const p of all) {
        const { tokens, diagnostics } = lex(p);
        assert.deepStrictEqual(diagnostics, []);
        assert.strictEqual(tokens[0].kind, 'punct', p);
        assert.strictEqual(tokens[0].text, p);
        assert.strictEqual(where(tokens[0]), `1:1-${p.length + 1}`);
      }
    });

    it('takes the longest match', () => {
      assert.deepStrictEqual(kinds('a<-b'), ['ident:a', 'punct:<-', 'ident:b']);
      assert.deepStrictEqual(kinds('a< -b'), ['ident:a', 'punct:<', 'punct:-', 'ident:b']);
      assert.deepStrictEqual(kinds('lib::f'), ['ident:lib', 'punct:::', 'ident:f']);
      assert.deepStrictEqual(kinds('2**3'), ['number:2', 'punct:**', 'number:3']);
      assert.deepStrictEqual(kinds('2***3'), ['number:2', 'punct:**', 'punct:*', 'number:3']);
      assert.deepStrictEqual(kinds('a==b'), ['ident:a', 'punct:==', 'ident:b']);
      assert.deepStrictEqual(kinds('a===b'), ['ident:a', 'punct:==', 'punct:=', 'ident:b']);
      assert.deepStrictEqual(kinds('a<=b>=c!=d'), ['ident:a', 'punct:<=', 'ident:b', 'punct:>=', 'ident:c', 'punct:!=', 'ident:d']);
      assert.deepStrictEqual(kinds('a&&b||!c'), ['ident:a', 'punct:&&', 'ident:b', 'punct:||', 'punct:!', 'ident:c']);
      assert.deepStrictEqual(kinds('t[::2]'), ['ident:t', 'punct:[', 'punct:::', 'number:2', 'punct:]']);
      assert.deepStrictEqual(kinds('t[:::2]'), ['ident:t', 'punct:[', 'punct:::', 'punct::', 'number:2', 'punct:]']);
    });

    it('reports characters that are not BIR, one diagnostic each, and skips them', () => {
      assert.deepStrictEqual(errors('a @ b $'), ["1:3-4 unexpected character '@'", "1:7-8 unexpected character '$'"]);
      assert.deepStrictEqual(kinds('a b'), ['ident:a', 'ident:b']);
      const { tokens } = lex('a @ b');
      assert.deepStrictEqual(tokens.map((t) => t.text), ['a', 'b', '', '']);
      assert.deepStrictEqual(errors('x;'), ["1:2-3 unexpected character ';'"]);
      assert.deepStrictEqual(errors('&'), ["1:1-2 unexpected character '&'"]);
      assert.deepStrictEqual(errors('|'), ["1:1-2 unexpected character '|'"]);
      assert.deepStrictEqual(errors("'x'"), ["1:1-2 unexpected character '''", "1:3-4 unexpected character '''"]);
      assert.deepStrictEqual(errors('é'), ["1:1-2 unexpected character 'é'"]);
      // A character outside the BMP is two UTF-16 units, and one mistake.
      assert.deepStrictEqual(errors('x 😀 y'), ["1:3-5 unexpected character '😀'"]);
      assert.deepStrictEqual(errors('\u0007'), ["1:1-2 unexpected character '\\u0007'"]);
    });
  });

  describe('comments and newlines', () => {
    it('drops comments up to the end of the line', () => {
      assert.deepStrictEqual(kinds('a # b c "d\nx'), ['ident:a', 'newline:\\n', 'ident:x']);
      assert.deepStrictEqual(kinds('# only a comment'), []);
      assert.deepStrictEqual(kinds('x#y'), ['ident:x']);
    });

    it('ends statements with empty newline tokens, placed at the end of their line', () => {
      const { tokens } = lex('a\n\nb  \n');
      assert.deepStrictEqual(tokens.map((t) => `${t.kind}@${where(t)}`), [
        'ident@1:1-2', 'newline@1:2-2', 'newline@2:1-1', 'ident@3:1-2', 'newline@3:4-4', 'newline@4:1-1', 'eof@4:1-1',
      ]);
    });

    it('always ends the stream with a newline and eof', () => {
      for (const text of ['', 'x', 'x\n', '(', '"abc']) {
        const { tokens } = lex(text);
        assert.deepStrictEqual(tokens.slice(-2).map((t) => t.kind), ['newline', 'eof']);
      }
      const { tokens } = lex('');
      assert.deepStrictEqual(tokens.map((t) => where(t)), ['1:1-1', '1:1-1']);
    });

    it('suppresses newlines inside ( ) and [ ], nested', () => {
      assert.deepStrictEqual(kinds('f(a,\n  b)\nc'), ['ident:f', 'punct:(', 'ident:a', 'punct:,', 'ident:b', 'punct:)', 'newline:\\n', 'ident:c']);
      assert.deepStrictEqual(kinds('t[0:4,\n 0:8]\nc'), [
        'ident:t', 'punct:[', 'number:0', 'punct::', 'number:4', 'punct:,', 'number:0', 'punct::', 'number:8', 'punct:]', 'newline:\\n', 'ident:c',
      ]);
      assert.deepStrictEqual(kinds('f(t[\n(1\n)\n]\n)\nx'), [
        'ident:f', 'punct:(', 'ident:t', 'punct:[', 'punct:(', 'number:1', 'punct:)', 'punct:]', 'punct:)', 'newline:\\n', 'ident:x',
      ]);
    });

    it('keeps newlines inside { }', () => {
      assert.deepStrictEqual(kinds('{\na\n}'), ['punct:{', 'newline:\\n', 'ident:a', 'newline:\\n', 'punct:}']);
    });

    it('ends an open bracket at a brace, so a missing ) does not swallow the file', () => {
      assert.deepStrictEqual(kinds('f(a\n{\nb\n}'), [
        'ident:f', 'punct:(', 'ident:a', 'punct:{', 'newline:\\n', 'ident:b', 'newline:\\n', 'punct:}',
      ]);
      assert.deepStrictEqual(kinds('f(a\n}\nb'), ['ident:f', 'punct:(', 'ident:a', 'punct:}', 'newline:\\n', 'ident:b']);
    });

    it('does not let a stray ) or ] make the nesting negative', () => {
      assert.deepStrictEqual(kinds(')\na'), ['punct:)', 'newline:\\n', 'ident:a']);
      assert.deepStrictEqual(kinds(']]\n(a\n)\nb'), ['punct:]', 'punct:]', 'newline:\\n', 'punct:(', 'ident:a', 'punct:)', 'newline:\\n', 'ident:b']);
    });

    it('treats \\r\\n like \\n', () => {
      const { tokens } = lex('a\r\nb\r\n');
      assert.deepStrictEqual(tokens.map((t) => `${t.kind}@${where(t)}`), [
        'ident@1:1-2', 'newline@1:3-3', 'ident@2:1-2', 'newline@2:3-3', 'newline@3:1-1', 'eof@3:1-1',
      ]);
    });
  });

  describe('spans', () => {
    it('gives every token its exact line, column and end column', () => {
      const text = [
        'module m',
        '',
        'func main() {  # comment',
        '\tDmaCopy ws[0:128, r0*512 : r0*512+512] <- w.T',
        '  Print "y =", out[0:1, 0:4]',
        '}',
      ].join('\n');
      const { tokens, diagnostics } = lex(text);
      assert.deepStrictEqual(diagnostics, []);
      const shown = tokens.filter((t) => t.kind !== 'newline').map((t) => `${t.kind === 'string' ? JSON.stringify(t.text) : t.text}@${where(t)}`);
      assert.deepStrictEqual(shown, [
        'module@1:1-7', 'm@1:8-9',
        'func@3:1-5', 'main@3:6-10', '(@3:10-11', ')@3:11-12', '{@3:13-14',
        'DmaCopy@4:2-9', 'ws@4:10-12', '[@4:12-13', '0@4:13-14', ':@4:14-15', '128@4:15-18', ',@4:18-19',
        'r0@4:20-22', '*@4:22-23', '512@4:23-26', ':@4:27-28', 'r0@4:29-31', '*@4:31-32', '512@4:32-35', '+@4:35-36', '512@4:36-39',
        ']@4:39-40', '<-@4:41-43', 'w@4:44-45', '.@4:45-46', 'T@4:46-47',
        'Print@5:3-8', '"y ="@5:9-14', ',@5:14-15', 'out@5:16-19', '[@5:19-20', '0@5:20-21', ':@5:21-22', '1@5:22-23', ',@5:23-24',
        '0@5:25-26', ':@5:26-27', '4@5:27-28', ']@5:28-29',
        '}@6:1-2', '@6:2-2',
      ]);
      for (const t of tokens) assert.strictEqual(t.span.file, 'test.bir');
    });

    it('counts lines inside brackets that hide their newlines', () => {
      const { tokens } = lex('f(a,\n   b)');
      const b = tokens.find((t) => t.text === 'b')!;
      assert.strictEqual(where(b), '2:4-5');
    });

    it('places errors on the line where they are, after multi-line brackets', () => {
      assert.deepStrictEqual(errors('f(a,\n b,\n @)\n  12ab'), ["3:2-3 unexpected character '@'", "4:3-7 malformed number '12ab'"]);
    });
  });

  describe('passing over a block (skipBlock)', () => {
    /**
     * Where a full lex puts the '}' that matches the first '{' (counting braces token by token) and the tokens after
     * it, as `text@line:col-endCol`.
     */
    function matchedByTokens(text: string): { close: string; after: string[] } {
      const tokens = lex(text).tokens;
      let depth = 0;
      for (let i = 0; i < tokens.length; i++) {
        if (tokens[i].kind === 'punct' && tokens[i].text === '{') depth++;
        if (tokens[i].kind === 'punct' && tokens[i].text === '}' && --depth === 0) {
          return { close: where(tokens[i]), after: tokens.slice(i + 1).filter((t) => t.kind !== 'newline' && t.kind !== 'eof').map((t) => `${t.text}@${where(t)}`) };
        }
      }
      throw new Error('no matching brace');
    }

    function skipped(text: string): { close: string; after: string[] } | undefined {
      const stream = new TokenStream(text, 'test.bir', new DiagnosticBag());
      const block = stream.skipBlock();
      if (!block) return undefined;
      const after: string[] = [];
      for (let i = 0; ; i++) {
        const s = stream.slot(i);
        if (stream.kinds[s] === EOF) break;
        if (stream.text(s) !== '\n' && stream.text(s) !== '') after.push(`${stream.text(s)}@${stream.lines[s]}:${stream.cols[s]}-${stream.endCols[s]}`);
      }
      return { close: `${block.close.line}:${block.close.col}-${block.close.endCol}`, after };
    }

    const blocks = [
      '{ Print "}" }\nx y',
      '{ # } in a comment\n  a\n}\nx',
      '{ Print "a \\"}\\" b" }  x',
      '{ Print "unterminated }\n}\nx',
      '{ Print "ends with a backslash \\\n}\nx',
      '  { for r0 in 0..4 { if r0 { } } }  x # }',
      '{\r\n  a\r\n}\r\nx',
      '{ f(a,\n  b) }\nx',
    ];
    for (const text of blocks) {
      it(`matches the braces the lexer sees: ${JSON.stringify(text)}`, () => {
        assert.deepStrictEqual(skipped(text), matchedByTokens(text));
      });
    }

    it('passes over nothing when the block does not close, or does not start here', () => {
      for (const text of ['{ { }', '{ "}', 'x { }', '# {\n{ }']) {
        const stream = new TokenStream(text, 'test.bir', new DiagnosticBag());
        assert.strictEqual(stream.skipBlock(), undefined, text);
        assert.strictEqual(stream.text(stream.slot(0)), lex(text).tokens[0].text, `the stream is where it was: ${text}`);
      }
    });

    it('gives the spans of both braces', () => {
      const block = new TokenStream('  {\n a\n  }', 'test.bir', new DiagnosticBag()).skipBlock();
      assert.deepStrictEqual(block, {
        open: { file: 'test.bir', line: 1, col: 3, endLine: 1, endCol: 4 },
        close: { file: 'test.bir', line: 3, col: 3, endLine: 3, endCol: 4 },
      });
    });
  });
});
