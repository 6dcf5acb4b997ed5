import { writeFileSync } from 'node:fs';
import { startS3StandIn } from './s3-stand-in.js';

/**
 * The S3 stand-in as a process of its own, for `npm run cluster` where Ceph's radosgw cannot run:
 * `node --import tsx src/test/s3-stand-in-main.ts <file>` writes the store's S3 settings (JSON) to
 * `<file>` once it listens, and serves until SIGTERM.
 */
const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: s3-stand-in-main.ts <file to write the S3 settings to>');
  process.exit(2);
}
const standIn = await startS3StandIn();
writeFileSync(file, JSON.stringify(standIn.config));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void standIn.close().finally(() => process.exit(0));
  });
}
