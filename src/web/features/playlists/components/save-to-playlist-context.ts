import { createContext, useContext } from 'react';
import type { Video } from '../../../../contract/entities';

export const SaveToPlaylistContext = createContext<((video: Video) => void) | null>(null);

/** Opens the 'Save to playlist' modal for a video. */
export function useSaveToPlaylist(): (video: Video) => void {
  const open = useContext(SaveToPlaylistContext);
  if (!open) throw new Error('useSaveToPlaylist is used outside <SaveToPlaylistProvider>');
  return open;
}
