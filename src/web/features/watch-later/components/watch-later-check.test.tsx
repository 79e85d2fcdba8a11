import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Video } from '../../../../contract/entities';
import { api } from '../../../lib/api-client';
import type { MockBackend } from '../../../mock/mock-backend';
import { holdCalls, renderInApp, signInWithSession } from '../../../testing/signed-in';
import { WatchLaterCheck } from './watch-later-check';

const isWatchLaterRead = (request: Request) =>
  request.method === 'GET' && new URL(request.url).pathname === '/api/user/watchlater';

describe("the save modal's Watch later row", () => {
  let backend: MockBackend;
  let video: Video;
  beforeEach(async () => {
    backend = await signInWithSession();
    ({ video } = (
      await api.call('GET /api/video/{videoId}', { params: { videoId: '1PnVor36_40' } })
    ).data);
    await api.call('POST /api/user/watchlater', { body: { video } });
  });
  afterEach(cleanup);

  it('takes no tick until the list is in: it cannot tell what a tick would do', async () => {
    const list = holdCalls(backend, isWatchLaterRead);
    renderInApp(<WatchLaterCheck video={video} />);
    const box = screen.getByRole('checkbox', { name: 'Watch later' });
    expect(box).toHaveProperty('disabled', true);
    expect(box.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(box);
    await list.release();
    await waitFor(() => expect(box).toHaveProperty('disabled', false));
    // Saved already: the row says so, and the early tick changed nothing.
    expect(box).toHaveProperty('checked', true);
  });

  it('stays disabled while the list failed to load', async () => {
    const list = holdCalls(backend, isWatchLaterRead);
    renderInApp(<WatchLaterCheck video={video} />);
    await list.fail();
    const box = screen.getByRole('checkbox', { name: 'Watch later' });
    await waitFor(() =>
      expect(box.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('false'),
    );
    expect(box).toHaveProperty('disabled', true);
  });
});
