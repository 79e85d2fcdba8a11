export type Theme = 'light' | 'dark';

const THEME_KEY = 'codetube:theme';
const darkQuery = '(prefers-color-scheme: dark)';

/** The theme the user chose, or undefined to follow the system. */
export function storedTheme(): Theme | undefined {
  const value = localStorage.getItem(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** The theme in effect now: the user's choice, else the system's. */
export function currentTheme(): Theme {
  return storedTheme() ?? (window.matchMedia(darkQuery).matches ? 'dark' : 'light');
}

/** Puts the stored choice on <html> (the CSS reads data-theme); none means follow the system. */
export function applyStoredTheme(): void {
  const theme = storedTheme();
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/** Remembers and applies a theme. */
export function chooseTheme(theme: Theme): void {
  localStorage.setItem(THEME_KEY, theme);
  applyStoredTheme();
}
