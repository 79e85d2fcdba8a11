import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../testing/expect-console';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('The screen broke');
}

describe('the error boundary', () => {
  it("shows product §8's fallback heading when a screen fails to render, and logs the failure", () => {
    // React reports the render error and the boundary logs it: both are expected here.
    const logged = expectConsole('error');
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The screen broke')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      'Unexpected application error',
      expect.any(Error),
      expect.stringContaining('Broken'),
    );
  });
});
