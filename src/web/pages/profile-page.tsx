import { PageHeading } from '../components/ui/page-heading';
import { NotesTransferPanel } from '../features/notes/components/notes-transfer-panel';
import { useAuth } from '../state/use-store';
import styles from './pages.module.css';
import { RequireLogin } from './require-login';

/** /profile: first name, last name and email address. */
export default function ProfilePage() {
  const { state } = useAuth();
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
      <NotesTransferPanel />
    </RequireLogin>
  );
}
