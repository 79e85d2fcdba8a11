import { cleanup, render as renderInPage, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../lib/api-client';
import { LoadState } from './load-state';

/** The error state links home, so it renders inside a router. */
const render = (ui: ReactNode) => renderInPage(<MemoryRouter>{ui}</MemoryRouter>);

describe('LoadState', () => {
  afterEach(cleanup);

  it('shows a status while loading', () => {
    render(
      <LoadState loading error={undefined}>
        <p>content</p>
      </LoadState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('content')).toBeNull();
  });

  it("shows the error's status text", () => {
    const error = new ApiRequestError(404, 'Not Found', { errors: ['x'] });
    render(
      <LoadState loading={false} error={error}>
        <p>content</p>
      </LoadState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not Found');
    // An error state, not a bare line: a heading and the way home.
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse videos' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('content')).toBeNull();
  });

  it("shows the screen's own text for a 500 when it has one (history: 'Unable to load data')", () => {
    const error = new ApiRequestError(500, 'Internal Server Error', undefined);
    render(
      <LoadState loading={false} error={error} serverErrorText="Unable to load data">
        <p>content</p>
      </LoadState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Unable to load data');
  });

  it('shows the screen when there is neither', () => {
    render(
      <LoadState loading={false} error={undefined}>
        <p>content</p>
      </LoadState>,
    );
    expect(screen.getByText('content')).toBeTruthy();
  });
});
