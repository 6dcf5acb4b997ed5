import { describe, expect, it } from 'vitest';
import { setUpApiHarness } from '../../../test/api-harness';
import { getUploadGrant } from './upload-credentials';

const { seen, replyWith } = setUpApiHarness();

describe('upload credentials', () => {
  it('asks for each kind’s grant at the spec’s path', async () => {
    replyWith({ grant: 'g' });
    for (const kind of ['origin', 'cover', 'slr', 'coverVideo', 'music'] as const) await getUploadGrant('w1', kind);
    expect(seen.map((config) => config.url)).toEqual([
      '/model/w1/origin/uploadCredentials',
      '/model/w1/uploadCredentials',
      '/model/w1/origin/SLR/uploadCredentials',
      '/model/w1/coverVideo/uploadCredentials',
      '/model/w1/music/uploadCredentials',
    ]);
    expect(seen[0]?.silent).toBe(true);
  });
});
