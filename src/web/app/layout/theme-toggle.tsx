import { useState } from 'react';
import { Moon, Sun } from 'lucide-react';
import { chooseTheme, storedTheme, type Theme } from '../../lib/theme';
import { useMediaQuery } from '../../lib/use-media-query';
import styles from './layout.module.css';

/** Switches between light and dark; the choice is remembered, the system's is the default. */
export function ThemeToggle() {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const [chosen, setChosen] = useState<Theme | undefined>(storedTheme);
  const current: Theme = chosen ?? (systemDark ? 'dark' : 'light');
  const next: Theme = current === 'dark' ? 'light' : 'dark';

  return (
    <button
      type="button"
      className={styles.navLink + ' ' + styles.themeToggle}
      onClick={() => {
        chooseTheme(next);
        setChosen(next);
      }}
    >
      {next === 'light' ? <Sun aria-hidden size={20} /> : <Moon aria-hidden size={20} />}
      {next === 'light' ? 'Light theme' : 'Dark theme'}
    </button>
  );
}
