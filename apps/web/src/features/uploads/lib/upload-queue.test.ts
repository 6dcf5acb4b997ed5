import { afterEach, describe, expect, it } from 'vitest';
import { configureApiBaseUrls } from '../../../api/client';
import { chunkSizeFor, resolveEndpoint, workUploads } from './upload-queue';

const MiB = 1024 * 1024;

afterEach(() => configureApiBaseUrls({ main: '/api' }));

describe('upload queue', () => {
  it('sends 8 MiB chunks, 32 MiB ones above 2 GiB', () => {
    expect(chunkSizeFor(20 * MiB)).toBe(8 * MiB);
    expect(chunkSizeFor(2048 * MiB)).toBe(8 * MiB);
    expect(chunkSizeFor(20 * 1024 * MiB)).toBe(32 * MiB);
  });

  it('resolves the grant’s endpoint against the API host, which may be another origin', () => {
    expect(resolveEndpoint('/api/tus')).toBe(`${window.location.origin}/api/tus`);
    configureApiBaseUrls({ main: 'https://api.example.com/api' });
    expect(resolveEndpoint('/api/tus')).toBe('https://api.example.com/api/tus');
    expect(resolveEndpoint('https://uploads.example.com/tus')).toBe('https://uploads.example.com/tus');
  });

  it('keeps one queue per work and refuses what the rule refuses before anything is sent', () => {
    const uploads = workUploads('w-test', 'pointcloud');
    expect(workUploads('w-test', 'pointcloud')).toBe(uploads);
    const rejected = uploads.add('origin', [new File(['x'], 'notes.pdf', { type: 'application/pdf' }), new File([], 'empty.las')]);
    expect(rejected).toEqual([
      { name: 'notes.pdf', problem: 'wrongType' },
      { name: 'empty.las', problem: 'empty' },
    ]);
    expect(uploads.getSnapshot()).toEqual([]);
  });
});
