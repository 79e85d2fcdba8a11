import { Link } from 'react-router';
import styles from './empty-state.module.css';

/** product §2: what a screen that needs login shows to a visitor. */
export function LoggedOutNotice() {
  return (
    <div className={styles.empty}>
      <p>You&apos;re logged out.</p>
      <Link to="/login">Login</Link>
    </div>
  );
}
