/**
 * bir-sim run's progress bar: nothing on a stream that is not a terminal, nothing in the first second, then the
 * instructions executed (with a bar and a percentage when the total is known), cleared when the run ends.
 */
import * as assert from 'assert';
import { Writable } from 'stream';
import { BAR_AFTER_MS, progressBar } from '../../engine/cli/progress-bar';

/** A stream that says it is a terminal and keeps what is written to it. */
function terminal(isTTY = true): NodeJS.WriteStream & { text: string } {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      (stream as unknown as { text: string }).text += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: string };
  Object.assign(stream, { text: '', isTTY, columns: 100 });
  return stream;
}

describe('bir-sim progress bar', () => {
  it('shows after a second: the count of instructions, a bar and a percentage when the total is known; cleared at the end', () => {
    let t = 0;
    const stream = terminal();
    const bar = progressBar(stream, 4000, () => t)!;
    t = BAR_AFTER_MS - 1;
    bar.update(1000);
    assert.strictEqual(stream.text, '', 'nothing in the first second');
    t = BAR_AFTER_MS + 1;
    bar.update(2000);
    assert.match(stream.text, /running .* 50% \| 2,000 of 4,000 instructions/);
    bar.update(3000);
    bar.stop();
    assert.match(stream.text, /75% \| 3,000 of 4,000 instructions/);
    // Erase the line (ESC [2K) and show the cursor again (ESC [?25h): nothing stays under the summary.
    assert.ok(stream.text.endsWith('\u001b[2K'), 'cleared when the run ends');
    assert.ok(stream.text.includes('\u001b[?25h'), 'the cursor shows again');
  });

  it('says the count alone when the total is not known ahead', () => {
    let t = 0;
    const stream = terminal();
    const bar = progressBar(stream, undefined, () => t)!;
    t = BAR_AFTER_MS * 2;
    bar.update(123456);
    bar.stop();
    assert.match(stream.text, /running 123,456 instructions/);
    assert.doesNotMatch(stream.text, /%/);
  });

  it('no bar on a stream that is not a terminal, or without a stream', () => {
    assert.strictEqual(progressBar(terminal(false), 10), undefined);
    assert.strictEqual(progressBar(undefined, 10), undefined);
  });
});
