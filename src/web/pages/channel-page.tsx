import { useMemo, useReducer } from 'react';
import { useParams } from 'react-router';
import { UserX } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { VideoGrid } from '../features/videos/components/video-grid';
import { channelPageFetcher } from '../features/videos/videos-service';
import { useDocumentTitle } from '../lib/use-document-title';
import { emptyVideoWindow, videoWindowReducer } from '../state/video-window';
import { LoadState } from './load-state';
import { PagedList } from './paged-list';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';
import { useVideoPages } from './use-video-pages';

function videoCount(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'video' : 'videos'}`;
}

/** A channel (/channel/:name): its videos in catalogue order, a page at a time. */
export default function ChannelPage() {
  const { channelName = '' } = useParams();
  const [state, dispatch] = useReducer(videoWindowReducer, emptyVideoWindow);
  const fetchPage = useMemo(() => channelPageFetcher(channelName), [channelName]);
  const { list, endSentinel, startSentinel, ...pages } = useVideoPages({
    key: channelName,
    fetchPage,
    state,
    dispatch,
    enabled: channelName !== '',
  });
  const { openVideo, menuFor } = useVideoActions();
  useDocumentTitle(channelName);

  return (
    <>
      <PageHeading title={channelName} />
      <LoadState loading={pages.loading} error={pages.error} onRetry={pages.retry}>
        {pages.empty ? (
          <EmptyState icon={UserX} title="No videos from this channel">
            The catalogue holds no videos from “{channelName}”.
          </EmptyState>
        ) : (
          <>
            <p className={styles.listCount}>{videoCount(state.total)}</p>
            <PagedList
              pages={pages}
              state={state}
              endSentinel={endSentinel}
              startSentinel={startSentinel}
            >
              <VideoGrid
                listRef={list}
                videos={state.videos}
                label={`Videos from ${channelName}`}
                onOpen={openVideo}
                menuFor={menuFor}
              />
            </PagedList>
          </>
        )}
      </LoadState>
    </>
  );
}
