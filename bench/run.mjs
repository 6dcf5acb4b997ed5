// `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run.
//   --seconds N   length of each measurement (default 8)
import { parseArgs } from 'node:util';
import { run as apiThroughput } from './api-throughput.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' } } });
const seconds = Number(values.seconds);
const results = [await apiThroughput({ seconds })];
process.exitCode = results.every(Boolean) ? 0 : 1;
