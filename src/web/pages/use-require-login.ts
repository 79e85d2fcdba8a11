import { useNavigate } from 'react-router';
import { useAuth } from '../state/use-store';

/** Wraps a signed-in action: a visitor is sent to /login instead (product §2, §6). */
export function useRequireLogin() {
  const { state } = useAuth();
  const navigate = useNavigate();
  return (action: () => void) => () => {
    if (state.isLoggedIn) action();
    else void navigate('/login');
  };
}
