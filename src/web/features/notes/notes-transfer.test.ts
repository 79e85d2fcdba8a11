import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideosAction } from '../../state/videos-reducer';
import { signInToMockBackend } from '../../testing/mock-session';
import { notesToMarkdown } from './notes-markdown';
import { importNotes } from './notes-transfer';

describe('importing notes', () => {
  beforeEach(signInToMockBackend);
  afterEach(() => vi.restoreAllMocks());

  it('says how many notes could not be imported (a video not in the catalogue)', async () => {
    const error = vi.spyOn(toast, 'error');
    const file = notesToMarkdown(
      [
        { _id: 'n1', videoId: '1PnVor36_40', content: 'Specificity wins' },
        { _id: 'n2', videoId: 'not-in-the-catalogue', content: 'Lost lesson' },
      ] as never,
      [],
    );
    const dispatch = vi.fn<(action: VideosAction) => void>();
    expect(await importNotes(file, [], dispatch)).toEqual({ added: 1, skipped: 0, failed: 1 });
    expect(error).toHaveBeenCalledWith(
      'Imported 1 note; 0 already there; 1 could not be imported.',
      expect.anything(),
    );
  });
});
