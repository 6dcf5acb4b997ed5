import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setToken } from '../../../stores/session-store';
import {
  belongsToFile,
  findStoredUploads,
  forgetStoredUploads,
  listStoredUploads,
  storedEndpoint,
  tusHeaders,
  uploaderId,
} from './upload-resume';

const endpoint = 'http://localhost/api/tus';

function store(fileId: string, entry: Record<string, unknown>, n = 1): string {
  const key = `tus::tus-${fileId}-${endpoint}::${n}`;
  localStorage.setItem(key, JSON.stringify(entry));
  return key;
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
});

describe('stored uploads', () => {
  const fileId = `${uploaderId('w1', 'origin')}-scan/las-2e-application/octet-stream-20971520-1700000000000`;

  it('finds what tus-js-client stored for a file, with its grant and endpoint', () => {
    const key = store(fileId, {
      size: 20971520,
      uploadUrl: `${endpoint}/abc`,
      creationTime: 'Tue Jan 02 2024 10:00:00 GMT+0000',
      metadata: { filename: 'scan.las', filetype: '', grant: 'g-1', name: 'scan.las' },
    });
    const [entry] = findStoredUploads(localStorage, fileId);
    expect(entry).toMatchObject({ key, uploadUrl: `${endpoint}/abc`, size: 20971520, fileName: 'scan.las', grant: 'g-1' });
    expect(storedEndpoint(entry!, fileId)).toBe(endpoint);
    expect(belongsToFile(entry!, fileId)).toBe(true);
  });

  it('lists one work and kind only, and skips entries without an upload URL or that are not JSON', () => {
    store(fileId, { size: 1, uploadUrl: `${endpoint}/a`, metadata: {} });
    store(`${uploaderId('w1', 'cover')}-a/png-2e-image/png-1-1`, { size: 1, uploadUrl: `${endpoint}/b`, metadata: {} });
    store(`${uploaderId('w2', 'origin')}-a/las-2e--1-1`, { size: 1, uploadUrl: `${endpoint}/c`, metadata: {} });
    store(`${uploaderId('w1', 'origin')}-b/las-2e--1-1`, { size: 1, metadata: {} });
    localStorage.setItem(`tus::tus-${uploaderId('w1', 'origin')}-broken::1`, '{');
    expect(listStoredUploads(localStorage, 'w1', 'origin').map((entry) => entry.uploadUrl)).toEqual([`${endpoint}/a`]);
  });

  it('does not take work w1 for w10', () => {
    store(`${uploaderId('w10', 'origin')}-a/las-2e--1-1`, { size: 1, uploadUrl: `${endpoint}/x`, metadata: {} });
    expect(listStoredUploads(localStorage, 'w1', 'origin')).toEqual([]);
  });

  it('forgets a file’s entries and leaves the others', () => {
    store(fileId, { size: 1, uploadUrl: `${endpoint}/a`, metadata: {} }, 1);
    store(fileId, { size: 1, uploadUrl: `${endpoint}/b`, metadata: {} }, 2);
    store(`${uploaderId('w1', 'origin')}-other`, { size: 1, uploadUrl: `${endpoint}/c`, metadata: {} });
    forgetStoredUploads(localStorage, fileId);
    expect(findStoredUploads(localStorage, fileId)).toEqual([]);
    expect(listStoredUploads(localStorage, 'w1', 'origin')).toHaveLength(1);
  });
});

describe('tus headers', () => {
  it('carry the session token in both headers and the grant', () => {
    setToken('t-9');
    expect(tusHeaders('g-1')).toEqual({ 'Tus-Resumable': '1.0.0', 'auth-token': 't-9', 'x-auth-token': 't-9', 'Upload-Grant': 'g-1' });
    clearSession();
    expect(tusHeaders(undefined)).toEqual({ 'Tus-Resumable': '1.0.0' });
  });
});
