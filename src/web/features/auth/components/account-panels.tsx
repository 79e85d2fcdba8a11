import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import buttons from '../../../components/ui/button.module.css';
import { useAuth, useDispatchers } from '../../../state/use-store';
import {
  changeName,
  changePassword,
  deleteAccount,
  downloadMyData,
  type Outcome,
} from '../account-service';
import { accountTexts } from '../account-texts';
import styles from './account.module.css';

/** A labelled input of the account forms. */
function Field({
  label,
  ...input
}: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={styles.field}>
      {label}
      <input {...input} />
    </label>
  );
}

/** A titled section of the profile screen. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Runs one call at a time for a form, keeping its error to show. */
function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<Outcome>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    const outcome = await work();
    setBusy(false);
    if (!outcome.ok) setError(outcome.error);
    return outcome.ok;
  };
  const shown = error && (
    <p role="alert" className={styles.error}>
      {error}
    </p>
  );
  return { busy, run, shown };
}

/** First and last name, changed in place. */
export function NamePanel() {
  const { state } = useAuth();
  const dispatchers = useDispatchers();
  const [firstName, setFirstName] = useState(state.userInfo?.firstName ?? '');
  const [lastName, setLastName] = useState(state.userInfo?.lastName ?? '');
  const { busy, run, shown } = useSubmission();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => changeName({ firstName, lastName }, dispatchers));
  };
  return (
    <Panel title={accountTexts.nameHeading}>
      <form className={styles.form} onSubmit={submit}>
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
        />
        {shown}
        <button type="submit" className={buttons.button} disabled={busy}>
          {accountTexts.saveName}
        </button>
      </form>
    </Panel>
  );
}

/** The password, changed with the current one; every other session ends. */
export function PasswordPanel() {
  const dispatchers = useDispatchers();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { busy, run, shown } = useSubmission();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => changePassword({ currentPassword, newPassword }, dispatchers))) {
      setCurrentPassword('');
      setNewPassword('');
    }
  };
  return (
    <Panel title={accountTexts.passwordHeading}>
      <p>{accountTexts.passwordHint}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <Field
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <Field
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={8}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        {shown}
        <button type="submit" className={buttons.button} disabled={busy}>
          {accountTexts.changePassword}
        </button>
      </form>
    </Panel>
  );
}

/** All the user's data, downloaded as one JSON file. */
export function DataPanel() {
  const { busy, run, shown } = useSubmission();
  return (
    <Panel title={accountTexts.dataHeading}>
      <p>{accountTexts.dataHint}</p>
      {shown}
      <button
        type="button"
        className={buttons.button}
        disabled={busy}
        onClick={() => void run(downloadMyData)}
      >
        {accountTexts.downloadData}
      </button>
    </Panel>
  );
}

/** Deleting the account, once the password is typed. */
export function DeletePanel() {
  const dispatchers = useDispatchers();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { busy, run, shown } = useSubmission();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => deleteAccount(password, dispatchers))) void navigate('/');
  };
  return (
    <Panel title={accountTexts.deleteHeading}>
      <p>{accountTexts.deleteHint}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <Field
          label={accountTexts.deletePasswordLabel}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {shown}
        <button
          type="submit"
          className={`${buttons.button} ${styles.danger}`}
          disabled={busy || password === ''}
        >
          {accountTexts.deleteAccount}
        </button>
      </form>
    </Panel>
  );
}
