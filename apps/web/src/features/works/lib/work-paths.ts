/** Pages of a work outside the works manager (app/route-table.ts declares them). */
export const workPaths = {
  /** The console's tour editor of a processed panorama work. */
  tourEditor: (uid: string) => `/model/tour/${encodeURIComponent(uid)}`,
  /** The public page everyone who may read the work sees. */
  publicPage: (uid: string) => `/details/${encodeURIComponent(uid)}`,
};
