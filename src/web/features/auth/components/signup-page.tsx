import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { useScreenTitle } from '../../../lib/use-screen-title';
import { useAuth, useDispatchers } from '../../../state/use-store';
import { configRead, signUp } from '../auth-service';
import { authErrorField, focusFirstEmptyField } from '../auth-error-field';
import { authTexts } from '../auth-texts';
import { AuthField } from './auth-field';
import styles from './auth-form.module.css';

const fields = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

type FieldName = (typeof fields)[number]['name'];

/** product §2's signup screen; after success the user is sent to /login. */
export default function SignupPage() {
  const { state: auth, dispatch: authDispatch } = useAuth();
  const dispatchers = useDispatchers();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({
    email: '',
    firstName: '',
    lastName: '',
    password: '',
  });
  const [confirm, setConfirm] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const termsBox = useRef<HTMLInputElement>(null);
  const termsErrorId = useId();
  // product §4: the match flag is re-evaluated on each edit of the confirm field.
  const [matches, setMatches] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  // After a submit with empty fields, those fields say so until they are filled.
  const [markMissing, setMarkMissing] = useState(false);
  // Who may sign up (the server's SIGNUP, SIGNUP_EMAIL_DOMAINS); unknown: the form, and the API
  // says no if it must.
  const { data: config } = useQuery(configRead);
  const closed = config?.signup.open === false;
  const domains = config?.signup.emailDomains ?? [];
  const [domainRefused, setDomainRefused] = useState(false);
  useScreenTitle('signup');
  // The form opens clean: an error of an earlier login or signup is not about this one.
  useEffect(() => authDispatch({ type: 'CLEAR_AUTH_ERROR' }), [authDispatch]);

  if (auth.isLoggedIn) return <Navigate to="/" replace />;
  const errorField = auth.error ? authErrorField(auth.error) : undefined;
  const isMissing = (value: string) => markMissing && value === '';
  const termsMissing = markMissing && !termsAccepted;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // product §5: with any of the five fields empty, submitting does nothing (beyond marking them,
    // and taking the user to the first); nor with the terms box unticked (issue 29).
    const empty = Object.values(values).some((value) => value === '') || confirm === '';
    if (empty || !termsAccepted) {
      setMarkMissing(true);
      if (empty) focusFirstEmptyField(event.currentTarget);
      else termsBox.current?.focus();
      return;
    }
    if (confirm !== values.password) {
      setMatches(false);
      return;
    }
    const domain = values.email.trim().toLowerCase().split('@').at(-1) ?? '';
    if (domains.length > 0 && !domains.includes(domain)) {
      setDomainRefused(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      return;
    }
    setSubmitting(true);
    const created = await signUp(values, dispatchers);
    setSubmitting(false);
    if (created) void navigate('/login');
  };

  if (closed) {
    return (
      <div className={styles.page}>
        <div className={styles.form}>
          <h1 className={styles.title}>Signup</h1>
          <p>{authTexts.signupClosed}</p>
          <p className={styles.switch}>
            Already have an account? <Link to="/login">Login</Link>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <h1 className={styles.title}>Signup</h1>
        {domains.length > 0 && <p className={styles.muted}>{authTexts.signupDomains(domains)}</p>}
        {fields.map((field) => (
          <AuthField
            key={field.name}
            label={field.label}
            type={field.type}
            name={field.name}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => {
              setValues({ ...values, [field.name]: event.target.value });
              if (field.name === 'email') setDomainRefused(false);
            }}
            error={
              isMissing(values[field.name])
                ? authTexts.required(field.label)
                : field.name === 'email' && domainRefused
                  ? authTexts.signupDomainRefused(domains)
                  : errorField === field.name
                    ? (auth.error ?? undefined)
                    : undefined
            }
            announce={errorField === field.name || (field.name === 'email' && domainRefused)}
          />
        ))}
        <AuthField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setMatches(event.target.value === values.password);
          }}
          error={
            isMissing(confirm)
              ? authTexts.required('Confirm password')
              : matches
                ? undefined
                : authTexts.passwordMismatch
          }
          announce={!matches}
        />
        <div className={styles.fieldGroup}>
          <label className={styles.check}>
            <input
              ref={termsBox}
              type="checkbox"
              name="terms"
              required
              checked={termsAccepted}
              onChange={(event) => setTermsAccepted(event.target.checked)}
              aria-invalid={termsMissing ? true : undefined}
              aria-describedby={termsMissing ? termsErrorId : undefined}
            />
            {authTexts.termsLabel}
          </label>
          {termsMissing && (
            <p id={termsErrorId} className={styles.error}>
              {authTexts.termsRequired}
            </p>
          )}
        </div>
        {auth.error && !errorField && (
          <p role="alert" className={styles.error}>
            {auth.error}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={submitting}>
          {authTexts.createAccount}
        </button>
        <p className={styles.switch}>
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </form>
    </div>
  );
}
