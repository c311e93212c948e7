/**
 * Tiles of the heatmap: a level of a grid cut into squares of TILE cells, each drawn once into a canvas of one pixel
 * per cell (ImageData filled through a Uint32Array), then scaled onto the screen by drawImage without smoothing.
 * Only the tiles on screen are made; the cache forgets the least recently drawn ones past its budget of pixels.
 * A second kind of tile, the marks, holds the cells outlined as changed (or as differing from a reference), for
 * when cells are too small to outline one by one.
 */
import { cellColour, Scale } from './colour';
import { Grid } from './levels';

export const TILE = 1024;
/** Pixels the cache keeps (4 bytes each): 256 MiB. */
const BUDGET = 64 * 1024 * 1024;

export type TileKind = 'colour' | 'marks';

export interface Marks {
  /** The flag outlined (FLAG.changed or FLAG.differs), and its colour (0xAABBGGRR). */
  readonly flag: number;
  readonly colour: number;
}

/** Colours of a tile's cells. */
export function colourTile(g: Grid, scale: Scale, tx: number, ty: number): ImageData {
  const { high, low, flags } = g;
  return tileImage(g, tx, ty, (px, k, i, w) => {
    for (let x = 0; x < w; x++, i++, k++) px[k] = cellColour(scale, flags[i], high[i], low[i]);
  });
}

/** The marked cells of a tile in the marks' colour, the rest transparent. */
export function marksTile(g: Grid, marks: Marks, tx: number, ty: number): ImageData {
  return tileImage(g, tx, ty, (px, k, i, w) => {
    for (let x = 0; x < w; x++, i++, k++) if (g.flags[i] & marks.flag) px[k] = marks.colour;
  });
}

/**
 * The image of tile (tx, ty), one pixel per cell, filled a row at a time: `fillRow` sets the `w` pixels from `px[k]`
 * on from the cells from grid index `i` on.
 */
function tileImage(g: Grid, tx: number, ty: number, fillRow: (px: Uint32Array, k: number, i: number, w: number) => void): ImageData {
  const x0 = tx * TILE;
  const y0 = ty * TILE;
  const w = Math.min(TILE, g.cols - x0);
  const h = Math.min(TILE, g.rows - y0);
  const image = new ImageData(w, h);
  const px = new Uint32Array(image.data.buffer);
  for (let y = 0; y < h; y++) fillRow(px, y * w, (y0 + y) * g.cols + x0, w);
  return image;
}

/** Made tiles by key, in the order they were last used. */
export class TileCache {
  private readonly tiles = new Map<string, HTMLCanvasElement>();
  private pixels = 0;

  get(key: string, make: () => ImageData): HTMLCanvasElement {
    let c = this.tiles.get(key);
    if (c) {
      this.tiles.delete(key);
      this.tiles.set(key, c);
      return c;
    }
    const image = make();
    c = document.createElement('canvas');
    c.width = image.width;
    c.height = image.height;
    c.getContext('2d')!.putImageData(image, 0, 0);
    this.tiles.set(key, c);
    this.pixels += image.width * image.height;
    this.evict();
    return c;
  }

  clear(): void {
    this.tiles.clear();
    this.pixels = 0;
  }

  private evict(): void {
    for (const [key, c] of this.tiles) {
      if (this.pixels <= BUDGET || this.tiles.size <= 1) return;
      this.tiles.delete(key);
      this.pixels -= c.width * c.height;
    }
  }
}
