import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpApiHarness } from '../../../test/api-harness';
import { useApplyForMembership } from './apply';
import { useWithdrawApplication } from './my-membership';

const { seen, replyWith } = setUpApiHarness();

/** A client holding my membership, the back office's queue and the public versions, none of them stale. */
function clientWithMembershipQueries() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const queryKey of [
    ['membership', 'mine', 'en'],
    ['membership', 'admin', 'applications', { pageNum: 1 }],
    ['membership', 'versions', 'en'],
  ]) {
    client.setQueryData(queryKey, { seeded: true });
  }
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.isStale())
      .map((query) => query.queryKey[1]);
  return { wrapper, stale };
}

describe('membership applications refresh what they change', () => {
  it('applying sends the version and the serialised extras, then refreshes my membership and the back office, not the versions', async () => {
    const { wrapper, stale } = clientWithMembershipQueries();
    replyWith({ id: 5 });
    const { result } = renderHook(() => useApplyForMembership(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ versionId: 1, licenceImages: ['/files/l.webp'], companyName: 'ACME', name: 'Li', phone: '13800000000' }),
    );
    expect(seen[0]?.url).toBe('/c/membership/apply');
    expect(JSON.parse((seen[0]?.data as string | undefined) ?? '{}')).toMatchObject({ versionId: 1 });
    expect(stale().sort()).toEqual(['admin', 'mine']);
  });

  it('withdrawing refreshes the same', async () => {
    const { wrapper, stale } = clientWithMembershipQueries();
    replyWith(null);
    const { result } = renderHook(() => useWithdrawApplication(), { wrapper });
    await act(() => result.current.mutateAsync(5));
    expect(seen[0]?.url).toBe('/c/membership/applications/5/withdraw');
    expect(stale().sort()).toEqual(['admin', 'mine']);
  });
});
