import { cleanup, fireEvent, render as renderInPage, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('shows the status text, whatever the server says besides (product §8)', () => {
    for (const data of [
      undefined,
      { errors: ['Unprocessable Entity'] },
      { errors: ['The database is not reachable right now.'] },
    ]) {
      render(
        <LoadState loading={false} error={new ApiRequestError(422, 'Unprocessable Entity', data)}>
          <p>content</p>
        </LoadState>,
      );
      expect(screen.getByRole('alert').textContent).toBe('Unprocessable Entity');
      // An error state, not a bare line: a heading and the way home.
      expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Browse videos' }).getAttribute('href')).toBe('/');
      expect(screen.queryByText('content')).toBeNull();
      cleanup();
    }
  });

  it('says the message, or what happened in a plain sentence, when there is no status text', () => {
    const said = (error: ApiRequestError) => {
      render(
        <LoadState loading={false} error={error}>
          <p>content</p>
        </LoadState>,
      );
      const text = screen.getByRole('alert').textContent;
      cleanup();
      return text;
    };
    // HTTP/2 answers carry no status text.
    expect(said(new ApiRequestError(503, '', { errors: ['Please try again.'] }))).toBe(
      'Please try again.',
    );
    expect(said(new ApiRequestError(503, '', undefined))).toBe(
      'The server could not answer right now.',
    );
    expect(said(new ApiRequestError(422, '', undefined))).toBe(
      'The server could not answer this request.',
    );
  });

  it('offers Try again when the screen can load again, and it asks again', () => {
    const retry = vi.fn();
    render(
      <LoadState loading={false} error={new ApiRequestError(503, '', undefined)} onRetry={retry}>
        <p>content</p>
      </LoadState>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
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
