// Keyboard navigation of the graph view (webview/graph/navigation.ts): the order Tab follows, arrows along edges
// and along rows, the ends, and which key does what.
import * as assert from 'assert';
import { keyAction, makeNavigator, NavBox, readingOrder } from '../../webview/graph/navigation';

// A diamond laid out top-down:      0
//                                 1   2
//                                   3      and 4 alone at the bottom left
const boxes: NavBox[] = [
  { index: 0, x: 120, y: 0, width: 80, height: 40 },
  { index: 2, x: 200, y: 80, width: 80, height: 40 },
  { index: 1, x: 0, y: 80, width: 80, height: 40 },
  { index: 3, x: 170, y: 160, width: 80, height: 40 },
  { index: 4, x: 0, y: 240, width: 80, height: 40 },
];
const edges = [{ from: 0, to: 1 }, { from: 0, to: 2 }, { from: 1, to: 3 }, { from: 2, to: 3 }];

describe('webview keyboard navigation', () => {
  const nav = makeNavigator(boxes, edges);

  it('orders nodes as they read: top to bottom, then left to right', () => {
    assert.deepStrictEqual(readingOrder(boxes), [0, 1, 2, 3, 4]);
    assert.deepStrictEqual(nav.order, [0, 1, 2, 3, 4]);
  });

  it('Tab and Shift+Tab walk the order and leave the graph past its ends', () => {
    const walk: number[] = [];
    for (let at: number | undefined = nav.next(undefined, 'Tab'); at !== undefined; at = nav.next(at, 'Tab')) walk.push(at);
    assert.deepStrictEqual(walk, [0, 1, 2, 3, 4]);
    assert.strictEqual(nav.next(0, 'Tab', true), undefined);
    assert.strictEqual(nav.next(3, 'Tab', true), 2);
    assert.strictEqual(nav.next(undefined, 'Tab', true), 4);
  });

  it('ArrowDown follows an edge to the successor nearest below; ArrowUp to the predecessor', () => {
    assert.strictEqual(nav.next(0, 'ArrowDown'), 2, 'both are successors: 2 is nearer horizontally');
    assert.strictEqual(nav.next(1, 'ArrowDown'), 3);
    assert.strictEqual(nav.next(3, 'ArrowUp'), 2);
    assert.strictEqual(nav.next(1, 'ArrowUp'), 0);
    assert.strictEqual(nav.next(3, 'ArrowDown'), 4, 'no successor: the next in order');
    assert.strictEqual(nav.next(4, 'ArrowDown'), 4, 'at the end it stays');
    assert.strictEqual(nav.next(0, 'ArrowUp'), 0);
  });

  it('ArrowRight and ArrowLeft move along the row', () => {
    assert.strictEqual(nav.next(1, 'ArrowRight'), 2);
    assert.strictEqual(nav.next(2, 'ArrowLeft'), 1);
    assert.strictEqual(nav.next(2, 'ArrowRight'), 3, 'nothing to the right: the next in order');
  });

  it('Home and End go to the ends; an unknown key moves nothing', () => {
    assert.strictEqual(nav.next(2, 'Home'), 0);
    assert.strictEqual(nav.next(2, 'End'), 4);
    assert.strictEqual(nav.next(2, 'x'), undefined);
    assert.strictEqual(makeNavigator([], []).next(undefined, 'Tab'), undefined);
  });

  it('ignores self-loops and edges to nodes without a box', () => {
    const n2 = makeNavigator(boxes, [{ from: 0, to: 0 }, { from: 0, to: 99 }]);
    assert.strictEqual(n2.next(0, 'ArrowDown'), 1, 'no real successor: the next in order');
  });

  it('maps keys to actions', () => {
    const k = (key: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => keyAction({ key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...mods });
    assert.deepStrictEqual(k('ArrowDown'), { kind: 'move', key: 'ArrowDown', shift: false });
    assert.deepStrictEqual(k('Tab', { shiftKey: true }), { kind: 'move', key: 'Tab', shift: true });
    assert.deepStrictEqual(k('Enter'), { kind: 'reveal' });
    assert.deepStrictEqual(k('b'), { kind: 'toggleBreakpoint' });
    assert.deepStrictEqual(k('t'), { kind: 'showTensor' });
    assert.deepStrictEqual(k('ContextMenu'), { kind: 'menu' });
    assert.deepStrictEqual(k('F10', { shiftKey: true }), { kind: 'menu' });
    assert.strictEqual(k('F10'), undefined, 'F10 stays VS Code\'s Step Over');
    assert.strictEqual(k('b', { ctrlKey: true }), undefined, 'chords stay VS Code\'s');
    assert.deepStrictEqual(k('f'), { kind: 'fit' });
    assert.deepStrictEqual(k('c'), { kind: 'current' });
    assert.deepStrictEqual(k('+'), { kind: 'zoom', factor: 1.25 });
  });
});
