/**
 * The 64-bit perceptual hash of a 32×32 greyscale sample, as sharp-phash defines it: the 2-D
 * DCT-II of the sample, its 8×8 lowest frequencies after the constant term, each bit '1' where
 * the coefficient is above their mean. sharp-phash works out all 32×32 coefficients, four nested
 * loops a million steps long, to keep 64; here only those 64 are worked out, one dimension at a
 * time (about 1 % of the arithmetic), so hashing a photo costs its decode and no more.
 */
const SIZE = 32;
const LOW = 8;

/** cos((2i + 1)·u·π / 2N) for the frequencies kept (u = 1…8), by frequency then sample. */
const COSINES = Array.from({ length: LOW }, (_, k) =>
  Float64Array.from({ length: SIZE }, (_, i) =>
    Math.cos(((2 * i + 1) / (2 * SIZE)) * (k + 1) * Math.PI),
  ),
);

/**
 * `grey` holds the sample row by row (index = row · 32 + column). Returns 64 characters '0'/'1',
 * the horizontal frequency outer, the vertical inner, the order sharp-phash stores.
 */
export function lowFrequencyHash(grey: Uint8Array | Buffer): string {
  if (grey.length !== SIZE * SIZE) throw new RangeError(`expected ${SIZE * SIZE} grey levels`);
  // Along each row first: byColumn[u][row] = Σ_column cos(column, u) · grey[row][column].
  const byColumn = COSINES.map((cosines) => {
    const sums = new Float64Array(SIZE);
    for (let row = 0; row < SIZE; row++) {
      let sum = 0;
      for (let column = 0; column < SIZE; column++)
        sum += cosines[column]! * grey[row * SIZE + column]!;
      sums[row] = sum;
    }
    return sums;
  });
  // Then down the rows: coefficient[u][v] = Σ_row cos(row, v) · byColumn[u][row]. The 1/4 scale
  // of the transform is left out: it cannot change which coefficients are above the mean.
  const coefficients: number[] = [];
  for (const sums of byColumn) {
    for (const cosines of COSINES) {
      let sum = 0;
      for (let row = 0; row < SIZE; row++) sum += cosines[row]! * sums[row]!;
      coefficients.push(sum);
    }
  }
  const mean = coefficients.reduce((total, value) => total + value, 0) / coefficients.length;
  return coefficients.map((value) => (value > mean ? '1' : '0')).join('');
}
