import type { KeptVideoWindow } from './video-window';

/**
 * A list screen as the reader left it: its window of the listing, and the first card in view with
 * how far from the viewport's top it was.
 */
export interface ListingPlace {
  /** The listing's key (useVideoPages): another listing on the same history entry is not this. */
  listing: string;
  window: KeptVideoWindow;
  /** The card's place in the whole listing and its top, from the top of the viewport. */
  card: { index: number; top: number } | null;
}

/** How many history entries keep their list's place: the last ones left. */
export const KEPT_PLACES = 8;

// In memory only: a reload starts the list screens from the top.
const places = new Map<string, ListingPlace>();

/** Keeps where the reader left a list screen, under its history entry (`location.key`). */
export function keepListingPlace(entry: string, place: ListingPlace): void {
  places.delete(entry);
  places.set(entry, place);
  for (const oldest of places.keys()) {
    if (places.size <= KEPT_PLACES) break;
    places.delete(oldest);
  }
}

/** Forgets a history entry's place (its screen left while it had nothing to show). */
export function forgetListingPlace(entry: string): void {
  places.delete(entry);
}

/** Where the reader left this listing on that history entry, if it is kept. */
export function listingPlace(entry: string, listing: string): ListingPlace | null {
  const place = places.get(entry);
  return place?.listing === listing ? place : null;
}
