import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { NotificationProvider } from '../notifications/notification-provider';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Marks the document once React has taken over the page (the browser tests wait for it). */
function HydrationFlag() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * What every page needs above the router, on the server and in the browser alike. The flag renders on both
 * sides too: React's generated ids (`useId`) follow the tree's shape, so a sibling only the browser had would
 * give every field an id other than the server's (a label's `for`, an error's `aria-describedby`).
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationProvider>
        {children}
        <HydrationFlag />
      </NotificationProvider>
    </QueryClientProvider>
  );
}
