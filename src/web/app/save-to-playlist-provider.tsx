import { useState, type ReactNode } from 'react';
import type { Video } from '../../contract/entities';
import { SaveToPlaylistContext } from '../features/playlists/components/save-to-playlist-context';
import { SaveToPlaylistModal } from '../features/playlists/components/save-to-playlist-modal';
import { WatchLaterCheck } from '../features/watch-later/components/watch-later-check';

/**
 * Hosts the one 'Save to playlist' modal that the watch page and card menus open: the playlists
 * feature's modal with the watch-later feature's row on top (composed here, so that neither
 * feature imports the other).
 */
export function SaveToPlaylistProvider({ children }: { children: ReactNode }) {
  const [video, setVideo] = useState<Video | null>(null);
  return (
    <SaveToPlaylistContext.Provider value={setVideo}>
      {children}
      {video && (
        <SaveToPlaylistModal
          video={video}
          onClose={() => setVideo(null)}
          before={<WatchLaterCheck video={video} />}
        />
      )}
    </SaveToPlaylistContext.Provider>
  );
}
