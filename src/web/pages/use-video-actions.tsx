import type { Video } from '../../contract/entities';
import { Menu, type MenuItem } from '../components/ui/menu';
import { historyTexts, recordWatch, removeFromHistory } from '../features/history/history-service';
import { useSaveToPlaylist } from '../features/playlists/components/save-to-playlist-context';
import { playlistTexts } from '../features/playlists/playlist-texts';
import { saveProgress } from '../features/progress/progress-service';
import { removeVideoFromPlaylist } from '../features/playlists/playlists-service';
import {
  addToWatchLater,
  removeFromWatchLater,
  watchLaterTexts,
} from '../features/watch-later/watch-later-service';
import { useAuth, usePlaylists, useVideos } from '../state/use-store';
import { useRequireLogin } from './use-require-login';

/** Where a card is shown decides its menu's extra items (product §2). */
export interface CardPlace {
  onHistoryPage?: boolean;
  playlistId?: string;
  /** A playlist's own page: Move up / Move down for the card (those that apply), first. */
  movesFor?: (video: Video) => MenuItem[];
}

/**
 * What the screens do with a video: open it (recording history) and the three-dots menu. Every
 * item but 'Remove from History' sends a visitor to /login.
 */
export function useVideoActions(place: CardPlace = {}) {
  const { state: auth } = useAuth();
  const { state: videos, dispatch: videosDispatch } = useVideos();
  const { state: playlists, dispatch: playlistsDispatch } = usePlaylists();
  const openSaveToPlaylist = useSaveToPlaylist();

  const requireLogin = useRequireLogin();

  const openVideo = (video: Video) => {
    if (auth.isLoggedIn) void recordWatch(video, videos.history, videosDispatch);
  };

  const menuFor = (video: Video) => {
    const items: MenuItem[] = place.movesFor?.(video) ?? [];
    if (place.onHistoryPage) {
      items.push({
        label: historyTexts.remove,
        onSelect: () => {
          // The server forgets the place to resume it too; Undo saves it back.
          const resumeAt = videos.progress.find((item) => item.videoId === video._id);
          void removeFromHistory(video, videosDispatch, () => {
            if (resumeAt) {
              void saveProgress(video._id, resumeAt.seconds, videosDispatch, resumeAt.duration);
            }
          });
        },
      });
    }
    const { playlistId } = place;
    if (playlistId) {
      items.push({
        label: playlistTexts.remove,
        onSelect: requireLogin(
          () =>
            void removeVideoFromPlaylist(playlistId, video, playlistsDispatch, playlists.playlists),
        ),
      });
    }
    const inWatchLater = videos.watchLater.some((item) => item._id === video._id);
    items.push(
      {
        label: inWatchLater ? watchLaterTexts.remove : watchLaterTexts.save,
        onSelect: requireLogin(
          () =>
            void (inWatchLater
              ? removeFromWatchLater(video, videosDispatch)
              : addToWatchLater(video, videosDispatch)),
        ),
      },
      { label: playlistTexts.save, onSelect: requireLogin(() => openSaveToPlaylist(video)) },
    );
    // Each card's button names its video: a screen reader tabbing through a grid hears which.
    return <Menu items={items} label={`More actions for ${video.title}`} title={video.title} />;
  };

  return { openVideo, menuFor };
}
