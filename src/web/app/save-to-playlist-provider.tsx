import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Video } from '../../contract/entities';
import { SaveToPlaylistContext } from '../features/playlists/components/save-to-playlist-context';
import { retryingImport } from '../lib/retrying-import';

/**
 * The modal's code (the playlists feature's modal with the watch-later feature's row on top),
 * loaded when it first opens: no page needs it to show or to start.
 */
const SaveToPlaylistDialog = lazy(retryingImport(() => import('./save-to-playlist-dialog')));

/**
 * Hosts the one 'Save to playlist' modal that the watch page and card menus open (composed in
 * save-to-playlist-dialog.tsx, so that neither feature imports the other).
 */
export function SaveToPlaylistProvider({ children }: { children: ReactNode }) {
  const [video, setVideo] = useState<Video | null>(null);
  return (
    <SaveToPlaylistContext.Provider value={setVideo}>
      {children}
      {video && (
        <Suspense fallback={null}>
          <SaveToPlaylistDialog video={video} onClose={() => setVideo(null)} />
        </Suspense>
      )}
    </SaveToPlaylistContext.Provider>
  );
}
