import { readFileSync, writeFileSync } from 'node:fs';
import { describeModules, withCatalogue } from '../kernel/module-catalogue.js';
import { discoverModules } from '../kernel/module-loader.js';

/** `npm run docs:modules`: writes the module catalogue of docs/architecture.md from the modules' declarations. */
const documentUrl = new URL('../../../../docs/architecture.md', import.meta.url);
const document = readFileSync(documentUrl, 'utf8');
writeFileSync(documentUrl, withCatalogue(document, describeModules(await discoverModules())));
console.log('docs/architecture.md: module catalogue written');
