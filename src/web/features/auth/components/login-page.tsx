import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { TEST_ACCOUNT } from '../../../../contract/limits';
import { useScreenTitle } from '../../../lib/use-screen-title';
import { useAuth, useDispatchers } from '../../../state/use-store';
import { configRead, logIn } from '../auth-service';
import { authErrorField, focusFirstEmptyField } from '../auth-error-field';
import { authTexts } from '../auth-texts';
import { AuthField } from './auth-field';
import styles from './auth-form.module.css';

/** True when the app itself put an entry before this one, so going back stays in the app. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** product §2's login screen; after success the user goes back one step. */
export default function LoginPage() {
  const { state: auth, dispatch: authDispatch } = useAuth();
  const dispatchers = useDispatchers();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Whether this backend has the demo account; when that cannot be told, the button stays.
  const { data: config } = useQuery(configRead);
  const demoAvailable = config?.demoAccount !== false;
  // After a submit with an empty field, the empty fields say so until they are filled.
  const [markMissing, setMarkMissing] = useState(false);
  const unavailableId = useId();
  useScreenTitle('login');
  // The form opens clean: an error of an earlier login or signup is not about this one.
  useEffect(() => authDispatch({ type: 'CLEAR_AUTH_ERROR' }), [authDispatch]);

  if (auth.isLoggedIn && !submitting) return <Navigate to="/" replace />;
  const errorField = auth.error ? authErrorField(auth.error) : undefined;
  const missing = (label: string, value: string) =>
    markMissing && value === '' ? authTexts.required(label) : undefined;

  const submit = async (credentials: { email: string; password: string }) => {
    setSubmitting(true);
    if (await logIn(credentials, dispatchers)) {
      if (canGoBack()) void navigate(-1);
      else void navigate('/', { replace: true });
    } else {
      setSubmitting(false);
    }
  };

  // product §5: email and password are required. The form checks that itself, as signup does,
  // rather than leave it to the browser, whose email check would refuse addresses the API takes
  // at signup (a non-ASCII name before the @): every account that can be made can log in.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email === '' || password === '') {
      setMarkMissing(true);
      focusFirstEmptyField(event.currentTarget);
      return;
    }
    void submit({ email, password });
  };

  return (
    <div className={styles.page}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <h1 className={styles.title}>Login</h1>
        <AuthField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={
            missing('Email', email) ??
            (errorField === 'email' ? (auth.error ?? undefined) : undefined)
          }
          announce={errorField === 'email'}
        />
        <AuthField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={
            missing('Password', password) ??
            (errorField === 'password' ? (auth.error ?? undefined) : undefined)
          }
          announce={errorField === 'password'}
        />
        <div className={styles.row}>
          <label className={styles.check}>
            <input type="checkbox" name="remember" />
            {authTexts.rememberMe}
          </label>
          <span className={styles.muted}>{authTexts.forgotPassword}</span>
        </div>
        {auth.error && !errorField && (
          <p role="alert" className={styles.error}>
            {auth.error}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={submitting}>
          Login
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={submitting || !demoAvailable}
          aria-describedby={demoAvailable ? undefined : unavailableId}
          onClick={() => {
            setEmail(TEST_ACCOUNT.email);
            setPassword(TEST_ACCOUNT.password);
            void submit(TEST_ACCOUNT);
          }}
        >
          {authTexts.testCredentials}
          {!demoAvailable && ` ${authTexts.unavailableSuffix}`}
        </button>
        {!demoAvailable && (
          <p id={unavailableId} className={styles.muted}>
            {authTexts.testCredentialsUnavailable}
          </p>
        )}
        <p className={styles.switch}>
          New to CodeTube? <Link to="/signup">{authTexts.createAccount}</Link>
        </p>
      </form>
    </div>
  );
}
