// `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run.
//   --seconds N   length of each measurement (default 5)
//   --rounds N    rounds per benchmark (default 4)
// The PostgreSQL-only ones (the cluster's two among them) say "skipped" unless DATABASE_URL is set; the cluster
// soak then runs for SOAK_SECONDS (default 600).
import { parseArgs } from 'node:util';
import { run as apiThroughput } from './api-throughput.mjs';
import { run as clusterSoak } from './cluster-soak.mjs';
import { run as clusterThroughput } from './cluster-throughput.mjs';
import { run as marketSearch } from './market-search.mjs';
import { run as panoramaProcessing } from './panorama-processing.mjs';
import { run as paymentNotifications } from './payment-notifications.mjs';
import { run as pointcloudConversion } from './pointcloud-conversion.mjs';
import { run as teamOverview } from './team-overview.mjs';
import { run as trafficBilling } from './traffic-billing.mjs';
import { run as tusUpload } from './tus-upload.mjs';
import { run as userSearch } from './user-search.mjs';
import { run as worksList } from './works-list.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '4' } } });
const options = { seconds: Number(values.seconds), rounds: Number(values.rounds) };
const results = [
  await apiThroughput(options),
  await tusUpload(options),
  await worksList(options),
  await userSearch(options),
  await marketSearch(options),
  await teamOverview(options),
  await paymentNotifications(options),
  await trafficBilling(options),
  await panoramaProcessing(options),
  await pointcloudConversion(options),
  await clusterThroughput(options),
  await clusterSoak(),
];
process.exitCode = results.every(Boolean) ? 0 : 1;
