import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkDetail } from '@spatia/contract';
import { api, type ApiBody } from '../../../api/client';
import { workQueryOptions } from '../../../api/get-work';
import { invalidateWorks } from '../../../api/work-keys';
import { textLength } from '../../../lib/text-count';
import { WORK_TEXT_LIMITS } from '../lib/text-limits';
import { addWorkTag, removeWorkTag } from './work-tags';

export interface WorkLocation {
  latitude: number;
  longitude: number;
}

/** What the edit drawer's form holds; times are epoch milliseconds. */
export interface WorkFormValues {
  name: string;
  description: string;
  address: string;
  location: WorkLocation | null;
  startTime: number | null;
  endTime: number | null;
  tags: string[];
}

/** The fields of PATCH /model/{uid}/attr the drawer edits; `null` clears a number (an empty value in the form). */
export type WorkAttributeChanges = Partial<
  Pick<
    NonNullable<ApiBody<'patch', '/model/{uid}/attr'>>,
    'name' | 'description' | 'address' | 'latitude' | 'longitude' | 'startTime' | 'endTime'
  >
>;

export interface WorkChanges {
  attributes: WorkAttributeChanges;
  addTags: string[];
  removeTags: string[];
}

export function workToFormValues(work: WorkDetail): WorkFormValues {
  return {
    name: work.name,
    description: work.description,
    address: work.address,
    location: work.latitude !== null && work.longitude !== null ? { latitude: work.latitude, longitude: work.longitude } : null,
    startTime: work.startTime,
    endTime: work.endTime,
    tags: [...work.tags],
  };
}

/** Six decimals (about 10 cm): a marker dragged and put back is no change. */
function sameCoordinate(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.round(a * 1e6) === Math.round(b * 1e6);
}

function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function optionalTime(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

/**
 * Only what differs from the work as the server has it: texts compared as the server stores them
 * (trimmed), coordinates sent as a pair, tags as additions and removals.
 */
export function diffWork(work: WorkDetail, values: WorkFormValues): WorkChanges {
  const attributes: WorkAttributeChanges = {};
  for (const field of ['name', 'description', 'address'] as const) {
    const next = values[field].trim();
    if (next !== work[field]) attributes[field] = next;
  }
  const latitude = values.location?.latitude ?? null;
  const longitude = values.location?.longitude ?? null;
  if (!sameCoordinate(latitude, work.latitude) || !sameCoordinate(longitude, work.longitude)) {
    attributes.latitude = latitude === null ? null : roundCoordinate(latitude);
    attributes.longitude = longitude === null ? null : roundCoordinate(longitude);
  }
  if (values.startTime !== work.startTime) attributes.startTime = optionalTime(values.startTime);
  if (values.endTime !== work.endTime) attributes.endTime = optionalTime(values.endTime);
  const wanted = values.tags.map((tag) => tag.trim()).filter(Boolean);
  return {
    attributes,
    addTags: wanted.filter((tag, index) => !work.tags.includes(tag) && wanted.indexOf(tag) === index),
    removeTags: work.tags.filter((tag) => !wanted.includes(tag)),
  };
}

export function hasChanges(changes: WorkChanges): boolean {
  return Object.keys(changes.attributes).length > 0 || changes.addTags.length > 0 || changes.removeTags.length > 0;
}

export type WorkFormProblem =
  | { field: 'name'; problem: 'required' | 'tooLong' }
  | { field: 'description' | 'address'; problem: 'tooLong' }
  | { field: 'time'; problem: 'endBeforeStart' }
  | { field: 'location'; problem: 'outOfRange' };

/** What keeps the form from being saved; the server checks all of it again (and sensitive words). */
export function findFormProblems(values: WorkFormValues): WorkFormProblem[] {
  const problems: WorkFormProblem[] = [];
  if (!values.name.trim()) problems.push({ field: 'name', problem: 'required' });
  else if (textLength(values.name.trim()) > WORK_TEXT_LIMITS.name) problems.push({ field: 'name', problem: 'tooLong' });
  if (textLength(values.description.trim()) > WORK_TEXT_LIMITS.description) problems.push({ field: 'description', problem: 'tooLong' });
  if (textLength(values.address.trim()) > WORK_TEXT_LIMITS.address) problems.push({ field: 'address', problem: 'tooLong' });
  if (values.startTime !== null && values.endTime !== null && values.endTime < values.startTime) {
    problems.push({ field: 'time', problem: 'endBeforeStart' });
  }
  const { location } = values;
  if (location && (Math.abs(location.latitude) > 90 || Math.abs(location.longitude) > 180)) {
    problems.push({ field: 'location', problem: 'outOfRange' });
  }
  return problems;
}

/** PATCH /model/{uid}/attr, form encoded: the work after the change. */
export function updateWorkAttributes(uid: string, attributes: WorkAttributeChanges): Promise<WorkDetail> {
  return api.patch('/model/{uid}/attr', { params: { path: { uid } }, body: attributes, form: true });
}

/**
 * Attributes first, then tag removals before additions (so a full set of ten can be swapped).
 * Stops at the first refusal; what was saved before it stays saved, and the form compares against
 * the refreshed work, so the next save sends only what is left.
 */
export async function saveWorkChanges(uid: string, changes: WorkChanges): Promise<WorkDetail | undefined> {
  let detail: WorkDetail | undefined;
  if (Object.keys(changes.attributes).length > 0) detail = await updateWorkAttributes(uid, changes.attributes);
  let tags: string[] | undefined;
  for (const tag of changes.removeTags) tags = await removeWorkTag(uid, tag);
  for (const tag of changes.addTags) tags = await addWorkTag(uid, tag);
  if (detail && tags) return { ...detail, tags };
  return detail;
}

export function useSaveWork(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: WorkChanges) => saveWorkChanges(uid, changes),
    onSuccess: (detail) => {
      if (detail) queryClient.setQueryData(workQueryOptions(uid).queryKey, detail);
    },
    // Also after a refusal part-way: what did save must show in the form and in the lists.
    onSettled: () => invalidateWorks(queryClient),
  });
}
