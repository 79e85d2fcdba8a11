import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { Video } from '../../contract/entities';
import { EmptyState } from '../components/ui/empty-state';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFocusAfterRemoval } from '../lib/use-focus-after-removal';
import { PageHeading } from '../components/ui/page-heading';
import { VideoGrid } from '../features/videos/components/video-grid';
import { LoadState } from './load-state';
import { RequireLogin } from './require-login';
import { useVideoActions, type CardPlace } from './use-video-actions';

interface VideoListScreenProps {
  title: string;
  /** The page's name in the browser tab; the title when not given. */
  documentTitle?: string;
  videos: Video[];
  emptyText: string;
  /** The empty state's heading and picture. */
  emptyTitle: string;
  emptyIcon: LucideIcon;
  loading: boolean;
  error: unknown;
  place?: CardPlace;
  serverErrorText?: string;
  /** Loads the list again after a failure ('Try again'). */
  onRetry?: () => void;
  /** Buttons beside the title. */
  actions?: ReactNode;
}

/** A signed-in list of videos: liked, history, watch later, one playlist. */
export function VideoListScreen(props: VideoListScreenProps) {
  useDocumentTitle(props.documentTitle ?? props.title);
  return (
    <RequireLogin>
      <VideoList {...props} />
    </RequireLogin>
  );
}

function VideoList({
  title,
  videos,
  emptyText,
  emptyTitle,
  emptyIcon,
  loading,
  error,
  place,
  serverErrorText,
  onRetry,
  actions,
}: VideoListScreenProps) {
  const { openVideo, menuFor } = useVideoActions(place);
  const keepFocus = useFocusAfterRemoval();
  return (
    <div ref={keepFocus}>
      <PageHeading title={title}>{actions}</PageHeading>
      <LoadState
        loading={loading && videos.length === 0}
        error={videos.length === 0 ? error : undefined}
        serverErrorText={serverErrorText}
        onRetry={onRetry}
      >
        {videos.length === 0 ? (
          <EmptyState icon={emptyIcon} title={emptyTitle}>
            {emptyText}
          </EmptyState>
        ) : (
          <VideoGrid
            videos={videos}
            label={title}
            onOpen={openVideo}
            menuFor={menuFor}
            rowsOnPhones
          />
        )}
      </LoadState>
    </div>
  );
}
