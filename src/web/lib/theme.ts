import { localStore } from './safe-storage';

export type Theme = 'light' | 'dark';

const THEME_KEY = 'codetube:theme';
const darkQuery = '(prefers-color-scheme: dark)';

/** A choice storage would not keep (blocked or full): it holds for this page's life. */
let unsavedChoice: Theme | undefined;

/** The theme the user chose, or undefined to follow the system. */
export function storedTheme(): Theme | undefined {
  const value = localStore.getItem(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : unsavedChoice;
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

/** Remembers and applies a theme (without storage, for this page only). */
export function chooseTheme(theme: Theme): void {
  unsavedChoice = localStore.setItem(THEME_KEY, theme) ? undefined : theme;
  applyStoredTheme();
}
