/** How far an open-data import has got: what `npm run data:import` shows as its progress bar. */
export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}
