import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { setUpApiHarness } from '../../../test/api-harness';
import { inviteLink } from '../components/invite-card';
import { changeAvatar } from './change-avatar';
import { updateName } from './update-name';
import { uploadWithGrant, UploadRejectedError } from './upload';
import type { UploadGrant } from './types';

const { seen, replyBy } = setUpApiHarness();

const grant: UploadGrant = {
  uploadUrl: '/api/uploads/avatar/abc?sig=1',
  method: 'PUT',
  maxBytes: 1000,
  accept: ['image/png', 'image/jpeg'],
  expiresAt: 0,
};

describe('uploads', () => {
  it('PUTs the raw blob with its type and the auth headers, to the grant URL on this origin', async () => {
    replyBy(() => ({ url: 'https://cdn.example/a.png' }));
    const blob = new Blob([new Uint8Array(10)], { type: 'image/png' });
    await expect(uploadWithGrant(grant, blob)).resolves.toBe('https://cdn.example/a.png');
    expect(seen[0]?.method).toBe('put');
    expect(seen[0]?.url).toBe(`${window.location.origin}/api/uploads/avatar/abc?sig=1`);
    expect(seen[0]?.data).toBe(blob);
    expect(seen[0]?.headers.get('Content-Type')).toBe('image/png');
    expect(seen[0]?.headers.get('x-auth-token')).toBe('t-1');
  });

  it('refuses files the grant does not take, before sending anything', async () => {
    replyBy(() => ({ url: 'x' }));
    await expect(uploadWithGrant(grant, new Blob([new Uint8Array(2000)], { type: 'image/png' }))).rejects.toEqual(
      new UploadRejectedError('tooLarge'),
    );
    await expect(uploadWithGrant(grant, new Blob([new Uint8Array(5)], { type: 'image/gif' }))).rejects.toBeInstanceOf(UploadRejectedError);
    expect(seen).toHaveLength(0);
  });

  it('changes the avatar: credentials, PUT, then the top bar gets the stamped URL', async () => {
    replyBy((config) => (config.method === 'get' ? grant : { url: '/files/avatar-2.png' }));
    await changeAvatar({ uid: 'u1', render: async () => new Blob([new Uint8Array(4)], { type: 'image/jpeg' }) });
    expect(seen.map((config) => `${config.method} ${config.url}`)).toEqual([
      'get /client/u1/avatar/uploadCredentials',
      `put ${window.location.origin}/api/uploads/avatar/abc?sig=1`,
    ]);
    expect(sessionStore.get().avatar).toMatch(/^\/files\/avatar-2\.png\?t=\d+$/);
  });
});

describe('profile', () => {
  it('renames with a form body and updates the session name', async () => {
    replyBy(() => null);
    await updateName('u1', 'Ada');
    expect(seen[0]?.method).toBe('patch');
    expect(seen[0]?.url).toBe('/client/u1/info');
    expect(String(seen[0]?.data)).toBe('fullName=Ada');
    expect(sessionStore.get().name).toBe('Ada');
  });

  it('builds the invitation link of the QR code', () => {
    expect(inviteLink('AB 12', 'https://spatia.example')).toBe('https://spatia.example/login?mode=register&invite=AB%2012');
  });
});
