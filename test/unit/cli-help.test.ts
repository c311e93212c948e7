// bir-sim COMMAND --help: the command's synopsis and description on standard output, exit status 0.
import * as assert from 'node:assert/strict';
import { main as cli } from '../../engine/cli/bir-sim';

function run(argv: string[]): { status: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const status = cli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('bir-sim COMMAND --help', () => {
  for (const command of ['run', 'check', 'graph', 'inspect', 'diff', 'bisect', 'profile', 'fmt', 'mcp']) {
    it(`${command} --help prints ${command}'s usage and description only, and exits 0`, () => {
      const r = run([command, '--help']);
      assert.equal(r.status, 0, r.err);
      assert.equal(r.err, '');
      assert.match(r.out, new RegExp(`^usage:\\n {2}bir-sim ${command}\\b`));
      assert.match(r.out, new RegExp(`\\n${command} +\\S`), 'its description');
      const others = r.out.split('\n').filter((l) => /^ {2}bir-sim \w+/.test(l) && !l.startsWith(`  bir-sim ${command}`));
      assert.deepEqual(others, [], 'no other command');
    });
  }

  it('takes -h after the file too, and still refuses an unknown option without it', () => {
    assert.equal(run(['run', 'x.bir', '-h']).status, 0);
    const bad = run(['run', 'x.bir', '--nope']);
    assert.equal(bad.status, 2);
    assert.match(bad.err, /unknown option '--nope'/);
  });
});
