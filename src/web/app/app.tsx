import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { HomePage } from '../features/videos/components/home-page';
import { ErrorBoundary } from './error-boundary';

/** The app: routes of SPEC §2 (more screens arrive with their features). */
export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
