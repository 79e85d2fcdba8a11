import { describe, expect, it } from 'vitest';
import { buildVideo } from '../testing/factories';
import {
  KEPT_PLACES,
  forgetListingPlace,
  keepListingPlace,
  listingPlace,
  type ListingPlace,
} from './listing-places';

const place = (listing: string): ListingPlace => ({
  listing,
  window: { videos: [buildVideo()], start: 240, total: 1000, totalCapped: false, more: true },
  card: { index: 250, top: 120 },
});

describe('listing places', () => {
  it('gives a history entry back its own listing only', () => {
    const kept = place('trending');
    keepListingPlace('entry-a', kept);
    expect(listingPlace('entry-a', 'trending')).toBe(kept);
    expect(listingPlace('entry-a', 'CSS')).toBeNull();
    expect(listingPlace('entry-b', 'trending')).toBeNull();
    forgetListingPlace('entry-a');
    expect(listingPlace('entry-a', 'trending')).toBeNull();
  });

  it('keeps the last entries left only', () => {
    for (let entry = 0; entry <= KEPT_PLACES; entry += 1) {
      keepListingPlace(`entry-${entry}`, place('trending'));
    }
    // Leaving the oldest again makes it the newest.
    keepListingPlace('entry-1', place('trending'));
    keepListingPlace('entry-last', place('trending'));
    expect(listingPlace('entry-0', 'trending')).toBeNull();
    expect(listingPlace('entry-2', 'trending')).toBeNull();
    expect(listingPlace('entry-1', 'trending')).not.toBeNull();
    expect(listingPlace('entry-last', 'trending')).not.toBeNull();
  });
});
