/**
 * The lazily loaded pages (app.tsx, React.lazy) the boot script fetches ahead when the address
 * is theirs, as paths from the project root. No imports: the build reads this file too
 * (boot-plugin.ts).
 */
export const EARLY_PAGES = {
  trending: 'src/web/pages/trending-page.tsx',
  results: 'src/web/pages/results-page.tsx',
  watch: 'src/web/pages/watch-page.tsx',
  courses: 'src/web/pages/courses-page.tsx',
  course: 'src/web/pages/course-page.tsx',
} as const;
