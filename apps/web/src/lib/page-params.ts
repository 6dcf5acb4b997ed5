/** Which page of a server list to fetch: what every list endpoint takes beside its filters. */
export interface PageParams {
  pageNum: number;
  pageSize: number;
}
