/** Figures in the lines backup and restore print: 12,345 rows, 56.7 MB, 3.2 s. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** `1 row`, `12,345 rows`. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Seconds since `started` (`process.hrtime.bigint()`), to a tenth. */
export function secondsSince(started: bigint): string {
  return (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
}
