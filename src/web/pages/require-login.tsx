import type { ReactNode } from 'react';
import { LoggedOutNotice } from '../components/ui/logged-out-notice';
import { useAuth } from '../state/use-store';

/** product §2: screens that need login show the logged-out notice to visitors. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  return state.isLoggedIn ? children : <LoggedOutNotice />;
}
