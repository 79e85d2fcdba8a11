import buttons from '../components/ui/button.module.css';
import { PageHeading } from '../components/ui/page-heading';
import {
  DataPanel,
  DeletePanel,
  NamePanel,
  PasswordPanel,
} from '../features/auth/components/account-panels';
import { logOutEverywhere } from '../features/auth/auth-service';
import { authTexts } from '../features/auth/auth-texts';
import { NotesTransferPanel } from '../features/notes/components/notes-transfer-panel';
import { useScreenTitle } from '../lib/use-screen-title';
import { useAuth, useDispatchers } from '../state/use-store';
import styles from './pages.module.css';
import { RequireLogin } from './require-login';

/**
 * /profile: first name, last name and email address; the name changed, the password changed,
 * all their data downloaded, the account deleted (issue 28); notes out and in; 'Log out
 * everywhere'.
 */
export default function ProfilePage() {
  const { state } = useAuth();
  const dispatchers = useDispatchers();
  useScreenTitle('profile');
  return (
    <RequireLogin>
      <PageHeading title="Profile" />
      <dl className={styles.profile}>
        <dt>First name</dt>
        <dd>{state.userInfo?.firstName}</dd>
        <dt>Last name</dt>
        <dd>{state.userInfo?.lastName}</dd>
        <dt>Email address</dt>
        <dd>{state.userInfo?.email}</dd>
      </dl>
      <NamePanel />
      <PasswordPanel />
      <NotesTransferPanel />
      <DataPanel />
      <section className={styles.sessions} aria-label="Sessions">
        <p>{authTexts.logOutEverywhereHint}</p>
        <button
          type="button"
          className={buttons.button}
          onClick={() => void logOutEverywhere(dispatchers)}
        >
          {authTexts.logOutEverywhere}
        </button>
      </section>
      <DeletePanel />
    </RequireLogin>
  );
}
