/** The requests of a tus client, for tests that upload through the real endpoint (/api/tus). */

/** An `Upload-Metadata` header: each value in base64, after its key. */
export function tusMetadata(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** The headers of a PATCH that sends bytes from `offset` under an upload grant. */
export function tusPatchHeaders(grant: string, offset: number): Record<string, string> {
  return {
    'tus-resumable': '1.0.0',
    'upload-grant': grant,
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
  };
}

/**
 * Sends `bytes` to the server at `baseUrl` as a tus upload under `grant`: creates the upload (throwing
 * when that is refused), then PATCHes it in chunks of `chunkSize`, and answers the last PATCH's response.
 */
export async function tusUpload(
  baseUrl: string,
  grant: string,
  bytes: Buffer,
  filename: string,
  chunkSize = bytes.length,
): Promise<Response> {
  const created = await fetch(`${baseUrl}/api/tus`, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': tusMetadata({ grant, filename }) },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, baseUrl);
  let last: Response | undefined;
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    last = await fetch(location, {
      method: 'PATCH',
      headers: tusPatchHeaders(grant, offset),
      body: bytes.subarray(offset, offset + chunkSize),
    });
  }
  return last!;
}
