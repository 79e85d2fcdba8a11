import { useId, type InputHTMLAttributes } from 'react';
import styles from './auth-form.module.css';

interface AuthFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** What is wrong with this field, shown under it and tied to it (`aria-describedby`). */
  error?: string;
  /** Announce the error as it appears (a server's answer), not only when the field is read. */
  announce?: boolean;
}

/** A labelled input of the login and signup forms, with its own error under it. */
export function AuthField({ label, error, announce = false, ...input }: AuthFieldProps) {
  const errorId = useId();
  return (
    <div className={styles.fieldGroup}>
      <label className={styles.field}>
        {label}
        <input
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error && (
        <p id={errorId} role={announce ? 'alert' : undefined} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
