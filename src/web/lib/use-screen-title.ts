import { useDocumentTitle } from './use-document-title';
import { SCREENS, type ScreenName } from './screens';

/** Screens whose title is their declaration's own (screens.ts), the one the server's head says. */
type TitledScreen = {
  [Name in ScreenName]: (typeof SCREENS)[Name] extends { title: string } ? Name : never;
}[ScreenName];

/** Names the tab after the screen, with the title its declaration gives it (screens.ts). */
export function useScreenTitle(screen: TitledScreen): void {
  useDocumentTitle(SCREENS[screen].title);
}
