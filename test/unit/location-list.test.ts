/**
 * The bytes of a long answer of locations are the JSON that JSON.stringify writes of the same locations, whatever
 * the numbers and the URIs (one with characters outside ASCII, escaped quotes), and a message carrying one is the
 * message as the protocol library writes it; other messages are written by JSON.stringify.
 */
import * as assert from 'assert';
import { encodeMessage, LocationList } from '../../language/location-list';

const URIS = ['file:///work/a.bir', 'file:///work/d%C3%A9j%C3%A0/b.bir', 'untitled:"quoted"\\é'];

function listOf(count: number): LocationList {
  const list = new LocationList();
  for (let i = 0; i < count; i++) {
    const line = [0, 9, 10, 99, 100, 2_147_483_647, 123_456][i % 7];
    list.push(URIS[i % URIS.length], line, i % 13, (i % 13) + (i % 4) * 1000);
  }
  return list;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('language server: a long answer of locations as bytes', () => {
  it('encodes the JSON of its locations, for any count, numbers and URIs', () => {
    for (const count of [0, 1, 2, 63, 64, 65, 1000]) {
      const list = listOf(count);
      assert.strictEqual(list.length, count);
      assert.strictEqual(text(list.encode()), JSON.stringify(list.toJSON()), `${count} locations`);
      assert.strictEqual(JSON.stringify(list), JSON.stringify(list.toJSON()), 'serialized elsewhere, as its locations');
    }
  });

  it('writes a response carrying a list as JSON.stringify would, and other messages by JSON.stringify', () => {
    const list = listOf(100);
    for (const id of [7, 'req-"1"']) {
      const response = { jsonrpc: '2.0', id, result: list };
      assert.strictEqual(text(encodeMessage(response)), JSON.stringify(response));
      assert.deepStrictEqual(JSON.parse(text(encodeMessage(response))), { jsonrpc: '2.0', id, result: list.toJSON() });
    }
    const other = { jsonrpc: '2.0', id: 3, result: [{ uri: 'file:///x é.bir', range: { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } } }] };
    assert.strictEqual(text(encodeMessage(other)), JSON.stringify(other));
    const notification = { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'déjà' } };
    assert.strictEqual(text(encodeMessage(notification)), JSON.stringify(notification));
  });
});
