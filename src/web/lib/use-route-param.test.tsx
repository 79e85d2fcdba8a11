import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { expectConsole } from '../../testing/expect-console';
import { useRouteParam } from './use-route-param';

function VideoId() {
  return <p>{useRouteParam('/watch/:videoId', 'videoId')}</p>;
}

/** What the watch page reads from an address its card links to. */
function readAt(path: string): string | null {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/watch/:videoId" element={<VideoId />} />
      </Routes>
    </MemoryRouter>,
  );
  const text = screen.getByRole('paragraph').textContent;
  cleanup();
  return text;
}

describe('a route param', () => {
  afterEach(cleanup);

  it('is the id the link encoded, whatever it holds', () => {
    for (const id of ['a%2Fb', 'a/b', 'q?x#y', '100%', 'a%25b', 'Édith Piaf', '1PnVor36_40']) {
      expect(readAt(`/watch/${encodeURIComponent(id)}`)).toBe(id);
    }
  });

  it('is the address as it is when it cannot be decoded', () => {
    // React Router warns about it, and does the same.
    expectConsole('warn');
    expect(readAt('/watch/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
