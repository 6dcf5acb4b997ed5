/** Where processing writes a work's files: one folder per run, so a run in progress never mixes with the published one. */
export function derivedFolder(workUid: string, runId?: string): string {
  return runId ? `derived/${workUid}/${runId}` : `derived/${workUid}`;
}

export function sceneFolder(workUid: string, runId: string, sceneId: string): string {
  return `${derivedFolder(workUid, runId)}/${sceneId}`;
}

/** The work a derived file belongs to, read off its key; undefined for any other key. */
export function workUidOfDerivedKey(key: string): string | undefined {
  const match = /^derived\/([^/]+)\//.exec(key);
  return match?.[1];
}
