import type { SitePageContentOf, SitePageKind } from '@spatia/contract';
import { clientDownload } from './client-download.js';
import { enterprise } from './enterprise.js';
import { membershipVersions } from './membership-versions.js';
import { product } from './product.js';
import { privacyProtocol, rechargeProtocol, userProtocol } from './protocols.js';

const SHIPPED: { [K in SitePageKind]: SitePageContentOf<K> } = {
  product,
  enterprise,
  membershipVersions,
  clientDownload,
  userProtocol,
  privacyProtocol,
  rechargeProtocol,
};

/** The content a fresh install shows as each page's version 1 (a copy: callers may not change the original). */
export function defaultSitePageContent<K extends SitePageKind>(kind: K): SitePageContentOf<K> {
  return structuredClone(SHIPPED[kind]);
}
