import { Readable } from 'node:stream';
import { ErrorCode, ProcessingErrors } from '@spatia/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail } from '../../lib/app-error.js';
import { createTestApp, dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { registerTicketedDownload, type TicketedFiles } from './ticketed-download.routes.js';

/** A download of its own on the real app, over files that answer what the test tells them. */
const files = {
  issueTicket: vi.fn<TicketedFiles['issueTicket']>(),
  open: vi.fn<TicketedFiles['open']>(),
  openWithTicket: vi.fn<TicketedFiles['openWithTicket']>(),
};
const fileOf = (fileName: string, text: string) => ({ fileName, stream: Readable.from([Buffer.from(text)]) });

let testApp: TestApp;
let owner: Person;
beforeAll(async () => {
  testApp = await createTestApp();
  // Before the first request: that readies the app, which takes no routes after.
  registerTicketedDownload(testApp.app, {
    path: '/api/test-download/:id/file',
    tags: ['works'],
    summary: 'A test file',
    contentType: 'application/octet-stream',
    files,
  });
  owner = await person(testApp.app);
});
afterAll(() => testApp.close());
beforeEach(() => vi.resetAllMocks());

const anonymous = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('POST {path}/ticket', () => {
  it('issues the signed-in caller a ticket for the work in the path', async () => {
    files.issueTicket.mockResolvedValue({ url: '/api/test-download/W1/file?ticket=abc', expiresAt: 123 });
    const response = await owner.call('POST', '/api/test-download/W1/file/ticket');
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ url: '/api/test-download/W1/file?ticket=abc', expiresAt: 123 });
    expect(files.issueTicket).toHaveBeenCalledWith(expect.objectContaining({ id: owner.id }), 'W1');
  });

  it('needs a session, and passes on what the work refuses', async () => {
    expect((await testApp.app.inject({ method: 'POST', url: '/api/test-download/W1/file/ticket' })).statusCode).toBe(401);
    expect(files.issueTicket).not.toHaveBeenCalled();
    files.issueTicket.mockRejectedValue(fail('workNotProcessed'));
    const refused = await owner.call('POST', '/api/test-download/W1/file/ticket');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe(ProcessingErrors.workNotProcessed.code);
  });
});

describe('GET {path}', () => {
  it('streams the file to the signed-in caller under its name, never cached', async () => {
    files.open.mockResolvedValue(fileOf('江景 样板间.zip', 'zip bytes'));
    const response = await owner.call('GET', '/api/test-download/W1/file');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('zip bytes');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="______.zip"; filename*=UTF-8''${encodeURIComponent('江景 样板间.zip')}`,
    );
    expect(files.open).toHaveBeenCalledWith(expect.objectContaining({ id: owner.id }), 'W1');
    expect(files.openWithTicket).not.toHaveBeenCalled();
  });

  it('streams it to a browser with a ticket and no session', async () => {
    files.openWithTicket.mockResolvedValue(fileOf('cloud.las', 'LASF'));
    const response = await anonymous('/api/test-download/W1/file?ticket=abc');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('LASF');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cloud.las"; filename*=UTF-8''cloud.las`);
    expect(files.openWithTicket).toHaveBeenCalledWith('W1', 'abc');
    expect(files.open).not.toHaveBeenCalled();
  });

  it('refuses a caller with neither, a ticket that does not open, and a ticket too long to be one', async () => {
    const none = await anonymous('/api/test-download/W1/file');
    expect(none.statusCode).toBe(401);
    expect(json(none).code).toBe(ErrorCode.unauthenticated);
    files.openWithTicket.mockRejectedValue(fail('unauthenticated'));
    expect((await anonymous('/api/test-download/W1/file?ticket=stale')).statusCode).toBe(401);
    expect((await anonymous(`/api/test-download/W1/file?ticket=${'a'.repeat(65)}`)).statusCode).toBe(400);
    expect(files.openWithTicket).toHaveBeenCalledTimes(1);
  });
});
