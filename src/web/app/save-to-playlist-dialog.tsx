import type { Video } from '../../contract/entities';
import { SaveToPlaylistModal } from '../features/playlists/components/save-to-playlist-modal';
import { WatchLaterCheck } from '../features/watch-later/components/watch-later-check';

/** The 'Save to playlist' modal with the watch-later row on top (its own chunk: provider). */
export default function SaveToPlaylistDialog({
  video,
  onClose,
}: {
  video: Video;
  onClose: () => void;
}) {
  return (
    <SaveToPlaylistModal
      video={video}
      onClose={onClose}
      before={<WatchLaterCheck video={video} />}
    />
  );
}
