import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationProvider } from '../notifications/notification-provider';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** What every page needs above the router, on the server and in the browser alike. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationProvider>{children}</NotificationProvider>
    </QueryClientProvider>
  );
}
