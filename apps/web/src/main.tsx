import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { registerFeedback } from './api/feedback';
import { namespacesReady } from './i18n';
import { AppProviders, queryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { siteConfigQueryOptions } from './api/site-config';
import { serverFirstViewUid } from './app/server-first-view';

const router = createAppRouter();
registerFeedback({ navigate: (to) => void router.navigate(to) });
// The site config carries the API hosts of spec 7.1; fetch it early, it rarely changes.
void queryClient.prefetchQuery(siteConfigQueryOptions);
// A tour's page opened from a link: its data and viewer code start now, not after the first render.
const firstViewUid = serverFirstViewUid();
if (firstViewUid)
  void import('./app/server-first-view-prefetch').then(({ startServerFirstView }) => startServerFirstView(queryClient, firstViewUid));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The visitor's language only: the messages the modules loaded so far need (antd's texts come with antd: app/antd.ts).
await namespacesReady();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
