import { useContext, type ReactNode } from 'react';
import { LoadingCards } from '../components/ui/loading-cards';
import { LoggedOutNotice } from '../components/ui/logged-out-notice';
import { SessionPendingContext } from '../state/store-context';
import { useAuth } from '../state/use-store';

/**
 * product §2: screens that need login show the logged-out notice to visitors. Until the stored
 * session is read (a page the server rendered, as it hydrates) they show their loading state.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const sessionPending = useContext(SessionPendingContext);
  if (state.isLoggedIn) return children;
  return sessionPending ? <LoadingCards /> : <LoggedOutNotice />;
}
