import { useRef } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { miniPlayerTexts, PinnablePlayer } from './components/pinnable-player';
import { useMiniPlayer } from './use-mini-player';

/** The one IntersectionObserver the page makes, whose answers the test gives. */
let observed: { report: (isIntersecting: boolean) => void } | undefined;
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observed = {
      report: (isIntersecting) =>
        this.callback(
          [{ isIntersecting } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
    };
  }
  disconnect() {
    observed = undefined;
  }
}

function WatchPage() {
  const slot = useRef<HTMLDivElement>(null);
  const notes = useRef<HTMLDivElement>(null);
  const mini = useMiniPlayer(slot, notes);
  return (
    <>
      <PinnablePlayer slotRef={slot} pinned={mini.pinned} onClose={mini.close}>
        <iframe title="The video" />
      </PinnablePlayer>
      <button type="button">Like</button>
      <div ref={notes}>
        <textarea aria-label="Write a note" />
        <button type="button">Save note</button>
      </div>
    </>
  );
}

const player = () => screen.getByTitle('The video').parentElement!;
const pinned = () => player().hasAttribute('data-mini-player');
const scrolled = (away: boolean) => act(() => observed?.report(!away));
const box = () => screen.getByRole('textbox', { name: 'Write a note' });

describe('the mini player', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<WatchPage />);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('pins the player while a note is written with the player out of view, and not otherwise', async () => {
    act(() => box().focus());
    expect(pinned()).toBe(false);
    await scrolled(true);
    expect(pinned()).toBe(true);
    // The same frame, in the same parent: pinned by CSS only.
    expect(screen.getByTitle('The video').parentElement).toBe(player());
    // The focus moving on within the notes keeps it; elsewhere on the page ends it.
    act(() => screen.getByRole('button', { name: 'Save note' }).focus());
    expect(pinned()).toBe(true);
    act(() => screen.getByRole('button', { name: 'Like' }).focus());
    expect(pinned()).toBe(false);
    act(() => box().focus());
    expect(pinned()).toBe(true);
    await scrolled(false);
    expect(pinned()).toBe(false);
  });

  it('closes with Escape from the note box, and stays closed until the player was in view again', async () => {
    act(() => box().focus());
    await scrolled(true);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(pinned()).toBe(false);
    expect(document.activeElement).toBe(box());
    await scrolled(false);
    await scrolled(true);
    expect(pinned()).toBe(true);
  });

  it('leaves an Escape something else took', async () => {
    act(() => box().focus());
    await scrolled(true);
    box().addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(pinned()).toBe(true);
  });

  it('closes with its button, from the keyboard too, and gives the focus back to the note box', async () => {
    act(() => box().focus());
    await scrolled(true);
    const close = screen.getByRole('button', { name: miniPlayerTexts.close });
    expect(close.getAttribute('aria-keyshortcuts')).toBe('Escape');
    act(() => close.focus());
    expect(pinned()).toBe(true);
    fireEvent.click(close);
    expect(pinned()).toBe(false);
    expect(screen.queryByRole('button', { name: miniPlayerTexts.close })).toBeNull();
    expect(document.activeElement).toBe(box());
  });
});
