import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { feedbackHostWanted, onFeedbackHostWanted } from '../api/feedback';
import { loadAntd } from './antd';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const LazyFeedbackHost = lazy(() => loadAntd().then((module) => ({ default: module.FeedbackHost })));

/**
 * antd's message and modal for code outside React (api/feedback.ts), mounted beside the app once one is
 * first asked for, so that a page without antd never loads it and loading it re-renders nothing else.
 */
function FeedbackHost() {
  const wanted = useSyncExternalStore(onFeedbackHostWanted, feedbackHostWanted, feedbackHostWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyFeedbackHost />
    </Suspense>
  );
}

/**
 * What every page shares: the query client and the feedback host. Ant Design's theme and locale come with the
 * routes and components that use antd (app/antd-scope.tsx), not from here (docs/web.md, "Loading").
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <FeedbackHost />
    </QueryClientProvider>
  );
}
