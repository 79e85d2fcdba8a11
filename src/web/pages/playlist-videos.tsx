import { useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { GripVertical } from 'lucide-react';
import type { Playlist, Video } from '../../contract/entities';
import type { MenuItem } from '../components/ui/menu';
import { moveVideo, reorderPlaylist } from '../features/playlists/playlist-order-service';
import { playlistPlayTexts as texts } from '../features/playlists/playlist-play-texts';
import { VideoCard } from '../features/videos/components/video-card';
import grid from '../features/videos/components/video-grid.module.css';
import { removableItem } from '../lib/use-focus-after-removal';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { usePlaylists } from '../state/use-store';
import styles from './playlist-videos.module.css';
import { useVideoActions } from './use-video-actions';

type Part = 'handle' | 'menu';
const PART_SELECTOR: Record<Part, string> = {
  handle: '[data-reorder-handle]',
  menu: '[aria-haspopup="menu"]',
};

/**
 * A playlist's videos in its order, which the user changes (issue 30, decision 0026): a card's
 * handle moves it with the Up and Down arrow keys or by dragging (the browser's own drag and drop:
 * no library to load for one list; the keys and the menu serve touch and keyboard), and its menu
 * has Move up / Move down. The focus stays on the moved card's handle or menu button, and a
 * status line tells a screen reader where it went.
 */
export function PlaylistVideos({ playlist, label }: { playlist: Playlist; label: string }) {
  const { dispatch } = usePlaylists();
  const videos = playlist.videos;
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusAfter = useRef<{ videoId: string; part: Part } | null>(null);
  const helpId = useId();
  const compact = useMediaQuery(PHONE_QUERY);

  const move = (video: Video, to: number, part: Part) => {
    const from = videos.findIndex((item) => item._id === video._id);
    if (from < 0 || to < 0 || to >= videos.length || to === from) return;
    focusAfter.current = { videoId: video._id, part };
    setAnnouncement(texts.moved(video.title, to + 1, videos.length));
    void reorderPlaylist(playlist, moveVideo(videos, from, to), dispatch);
  };

  // A moved card's DOM node may be taken out and put back, which drops the focus: it comes back.
  useLayoutEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const item = list.current?.querySelector(`[data-video-id="${CSS.escape(target.videoId)}"]`);
    item?.querySelector<HTMLElement>(PART_SELECTOR[target.part])?.focus();
  }, [videos]);

  const movesFor = (video: Video): MenuItem[] => {
    const index = videos.findIndex((item) => item._id === video._id);
    const items: MenuItem[] = [];
    if (index > 0)
      items.push({ label: texts.moveUp, onSelect: () => move(video, index - 1, 'menu') });
    if (index >= 0 && index < videos.length - 1) {
      items.push({ label: texts.moveDown, onSelect: () => move(video, index + 1, 'menu') });
    }
    return items;
  };
  const { openVideo, menuFor } = useVideoActions({ playlistId: playlist._id, movesFor });

  const endDrag = () => {
    setDragged(null);
    setDropAt(null);
  };
  const dragOver = (event: DragEvent, index: number) => {
    if (dragged === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropAt !== index) setDropAt(index);
  };
  const drop = (event: DragEvent, index: number) => {
    const video = videos.find((item) => item._id === dragged);
    endDrag();
    if (!video) return;
    event.preventDefault();
    move(video, index, 'handle');
  };

  return (
    <>
      <p id={helpId} hidden>
        {texts.reorderHelp}
      </p>
      <ul ref={list} className={compact ? grid.rows : grid.grid} aria-label={label}>
        {videos.map((video, index) => {
          const classes = [styles.item];
          if (dragged === video._id) classes.push(styles.dragging);
          else if (dropAt === index) classes.push(styles.dropTarget);
          return (
            <li
              key={video._id}
              {...removableItem}
              data-video-id={video._id}
              className={classes.join(' ')}
              onDragOver={(event) => dragOver(event, index)}
              onDrop={(event) => drop(event, index)}
            >
              <button
                type="button"
                className={styles.handle}
                data-reorder-handle=""
                aria-label={texts.reorder(video.title)}
                aria-describedby={helpId}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', video._id);
                  const card = event.currentTarget.closest('li');
                  if (card) event.dataTransfer.setDragImage(card, 24, 24);
                  setDragged(video._id);
                }}
                onDragEnd={endDrag}
                onKeyDown={(event) => {
                  if (event.altKey || event.ctrlKey || event.metaKey) return;
                  const by = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
                  if (by === 0) return;
                  event.preventDefault();
                  move(video, index + by, 'handle');
                }}
              >
                <GripVertical aria-hidden size={18} />
              </button>
              <VideoCard
                video={video}
                onOpen={openVideo}
                menu={menuFor(video)}
                priority={index === 0}
                compact={compact}
              />
            </li>
          );
        })}
      </ul>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
