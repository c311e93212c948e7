/**
 * The frames a session's adapter refused (extension/missing-frames.ts), read from the messages a debug adapter
 * tracker sees: a request names a frame, its error response says by its id (ERROR_IDS.frame) that the frame does not
 * exist. The panel hosts ask again in the top frame only then: never on another error, never on a message's text.
 */
import * as assert from 'assert';
import { ERROR_IDS } from '../../adapter/errors';
import { MissingFrames } from '../../extension/missing-frames';

const request = (seq: number, frameId: unknown) => ({ type: 'request', seq, command: 'bir/tensor', arguments: { expression: 'acc', frameId } });
const refused = (requestSeq: number, id: number) => ({ type: 'response', request_seq: requestSeq, command: 'bir/tensor', success: false, body: { error: { id } } });

describe('missing frames', () => {
  it('notes a frame the adapter answered does not exist, by the error id', () => {
    const frames = new MissingFrames();
    frames.request(request(1, 7));
    assert.strictEqual(frames.has(7), false, 'not before the answer');
    frames.response(refused(1, ERROR_IDS.frame));
    assert.strictEqual(frames.has(7), true);
  });

  it('notes nothing for another error, a success, or a request without a frame', () => {
    const frames = new MissingFrames();
    frames.request(request(1, 7));
    frames.response(refused(1, ERROR_IDS.evaluation));
    frames.request(request(2, 8));
    frames.response({ type: 'response', request_seq: 2, command: 'bir/tensor', success: true, body: {} });
    frames.request(request(3, undefined));
    frames.response(refused(3, ERROR_IDS.frame));
    frames.response(refused(9, ERROR_IDS.frame));
    assert.deepStrictEqual([frames.has(7), frames.has(8)], [false, false]);
  });

  it('matches each answer to its request (requests answered out of order)', () => {
    const frames = new MissingFrames();
    frames.request(request(1, 7));
    frames.request(request(2, 8));
    frames.response(refused(2, ERROR_IDS.frame));
    frames.response({ type: 'response', request_seq: 1, command: 'bir/tensor', success: true, body: {} });
    assert.deepStrictEqual([frames.has(7), frames.has(8)], [false, true]);
  });

  it('has a stable id of its own, apart from the other unknown ids', () => {
    assert.strictEqual(ERROR_IDS.frame, 2012);
    assert.notStrictEqual(ERROR_IDS.frame, ERROR_IDS.reference);
  });
});
