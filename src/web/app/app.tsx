import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { HomePage } from '../features/videos/components/home-page';
import { ErrorBoundary } from './error-boundary';

const TesterPage = lazy(() => import('../features/tester/components/tester-page'));

/** The app: routes of SPEC §2 (more screens arrive with their features). */
export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route
            path="/mock"
            element={
              <Suspense fallback={<p role="status">Loading…</p>}>
                <TesterPage />
              </Suspense>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
