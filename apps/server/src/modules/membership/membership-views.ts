import {
  MEMBERSHIP_GRACE_DAYS,
  type Language,
  type MembershipApplicationItem,
  type MembershipApplicationStatus,
  type MembershipItem,
  type NotificationKind,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import type { Notice } from '../notifications/index.js';
import type { AuthUser } from '../users/index.js';
import type { LicenceImages } from './licence-images.js';
import type { ApplicationRow, MembershipRepository, MembershipRow, VersionWithGroups } from './membership.repository.js';

/** What the membership services know of the person acting. */
export type Actor = Pick<AuthUser, 'id' | 'uid' | 'phone'>;

const DAY_MS = 24 * 60 * 60_000;

/** Where membership notices lead. */
export const MEMBERSHIP_PAGE_PATH = '/userInformation/vip';

export function nameOf(version: { identityNameZh: string; identityNameEn: string }, language: Language): string {
  return language === 'zh' ? version.identityNameZh : version.identityNameEn;
}

/** A notice to a member or applicant, leading to their membership page; it names the version while the version exists. */
export function membershipNotice(
  userId: number,
  kind: NotificationKind,
  version: VersionWithGroups | undefined,
  params: Record<string, string | number>,
): Notice {
  const named: Record<string, string | number> = version
    ? { versionId: version.id, versionZh: version.identityNameZh, versionEn: version.identityNameEn }
    : {};
  return { userId, kind, params: { ...named, ...params }, link: MEMBERSHIP_PAGE_PATH };
}

/** `executor`: the transaction the caller holds, if any (on PGlite a query beside it would wait for it forever). */
export async function versionsById(
  repository: MembershipRepository,
  ids: readonly number[],
  executor?: Transaction,
): Promise<Map<number, VersionWithGroups>> {
  const unique = [...new Set(ids)];
  const versions = await Promise.all(unique.map((id) => repository.findVersion(id, executor)));
  return new Map(versions.flatMap((version) => (version ? [[version.id, version] as const] : [])));
}

export async function applicationItem(
  licences: LicenceImages,
  row: ApplicationRow,
  versions: Map<number, VersionWithGroups>,
  language: Language,
): Promise<MembershipApplicationItem> {
  const version = versions.get(row.versionId);
  return {
    id: row.id,
    versionId: row.versionId,
    versionName: version ? nameOf(version, language) : '',
    status: row.status as MembershipApplicationStatus,
    reason: row.reason,
    companyName: row.details.companyName,
    name: row.details.name,
    phone: row.details.phone,
    licenceImages: await licences.links(row.details.licenceImages),
    createdAt: row.createdAt.getTime(),
    decidedAt: row.decidedAt?.getTime() ?? null,
  };
}

export function membershipItem(row: MembershipRow, versions: Map<number, VersionWithGroups>, language: Language): MembershipItem {
  const version = versions.get(row.versionId);
  return {
    id: row.id,
    versionId: row.versionId,
    versionName: version ? nameOf(version, language) : '',
    kind: row.kind as MembershipItem['kind'],
    status: row.status as MembershipItem['status'],
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
    graceEndsAt: row.endsAt.getTime() + MEMBERSHIP_GRACE_DAYS * DAY_MS,
    autoRenew: row.autoRenew,
  };
}
