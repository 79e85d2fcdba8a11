import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { api, setTokenSource } from '../lib/api-client';
import type { MockBackend } from '../mock/mock-backend';
import { useVideos } from '../state/use-store';
import { holdCalls, renderInApp, signInWithSession } from '../testing/signed-in';
import { useListData } from '../data/library';
import { useLikedVideos } from '../data/likes';
import { useWatchLater } from '../data/watch-later';
import { useLikeToggle } from '../features/likes/likes-service';
import { useWatchLaterToggle } from '../features/watch-later/watch-later-service';

const video = { _id: '1PnVor36_40' } as Video;

/** The cached lists and the toggles, as the watch page has them. */
function Probe() {
  const liked = useLikedVideos().some((item) => item._id === video._id);
  const saved = useWatchLater().some((item) => item._id === video._id);
  const likes = useLikeToggle();
  const watchLater = useWatchLaterToggle();
  const { state } = useVideos();
  const likesIn = useListData('likes') !== undefined;
  const watchLaterIn = useListData('watchLater') !== undefined;
  if (!likesIn || !watchLaterIn) return <p>loading</p>;
  return (
    <>
      <p>{liked ? 'liked' : 'not liked'}</p>
      <p>{saved ? 'saved' : 'not saved'}</p>
      <p>{state.error ? 'error' : 'no error'}</p>
      <button type="button" onClick={() => void likes.toggle(video, liked)}>
        like
      </button>
      <button type="button" onClick={() => void watchLater.toggle(video, saved)}>
        save
      </button>
    </>
  );
}

describe("liking and saving for later, through the cache's mutations", () => {
  let backend: MockBackend;
  beforeEach(async () => {
    backend = await signInWithSession();
  });
  afterEach(cleanup);

  it('shows the like at once, keeps it when the server takes it, and unlikes it', async () => {
    renderInApp(<Probe />);
    expect(await screen.findByText('not liked')).toBeDefined();
    const calls = holdCalls(backend, (request) => request.method !== 'GET');
    act(() => screen.getByRole('button', { name: 'like' }).click());
    expect(await screen.findByText('liked')).toBeDefined();
    await act(() => calls.release());
    expect(screen.getByText('liked')).toBeDefined();
    act(() => screen.getByRole('button', { name: 'like' }).click());
    expect(await screen.findByText('not liked')).toBeDefined();
    await act(() => calls.release());
    expect(screen.getByText('not liked')).toBeDefined();
  });

  it('rolls the like back when the server refuses it', async () => {
    renderInApp(<Probe />);
    expect(await screen.findByText('not liked')).toBeDefined();
    const calls = holdCalls(backend, (request) => request.method !== 'GET');
    act(() => screen.getByRole('button', { name: 'like' }).click());
    expect(await screen.findByText('liked')).toBeDefined();
    await act(() => calls.fail());
    expect(await screen.findByText('not liked')).toBeDefined();
    expect(screen.getByText('error')).toBeDefined();
  });

  it('already liked elsewhere (409): fails, and the likes are read again', async () => {
    renderInApp(<Probe />);
    expect(await screen.findByText('not liked')).toBeDefined();
    // Another device liked it; this tab still shows it unliked.
    await api.call('POST /api/user/likes', { body: { video } });
    act(() => screen.getByRole('button', { name: 'like' }).click());
    expect(await screen.findByText('error')).toBeDefined();
    expect(screen.getByText('liked')).toBeDefined();
  });

  it('already saved elsewhere (409): fails, and the list is read again', async () => {
    renderInApp(<Probe />);
    expect(await screen.findByText('not saved')).toBeDefined();
    await api.call('POST /api/user/watchlater', { body: { video } });
    act(() => screen.getByRole('button', { name: 'save' }).click());
    expect(await screen.findByText('error')).toBeDefined();
    expect(screen.getByText('saved')).toBeDefined();
  });

  it('any other failure rolls back without reading again', async () => {
    renderInApp(<Probe />);
    expect(await screen.findByText('not saved')).toBeDefined();
    setTokenSource(() => 'not-a-token');
    act(() => screen.getByRole('button', { name: 'save' }).click());
    expect(await screen.findByText('error')).toBeDefined();
    expect(screen.getByText('not saved')).toBeDefined();
  });
});
