import { UserX } from 'lucide-react';
import { groupDigits } from '../../contract/digits';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { channelListRead } from '../features/videos/videos-service';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRouteParam } from '../lib/use-route-param';
import { LoadState } from './load-state';
import { PagedVideoGrid } from './paged-list';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';
import { useVideoPages } from './use-video-pages';

function videoCount(total: number): string {
  return `${groupDigits(total)} ${total === 1 ? 'video' : 'videos'}`;
}

/** A channel (/channel/:name): its videos in catalogue order, a page at a time. */
export default function ChannelPage() {
  const channelName = useRouteParam('/channel/:channelName', 'channelName');
  const paging = useVideoPages({
    read: (entry) => channelListRead(channelName, entry),
    enabled: channelName !== '',
  });
  const { openVideo, menuFor } = useVideoActions();
  useDocumentTitle(channelName);

  return (
    <>
      <PageHeading title={channelName} />
      <LoadState loading={paging.loading} error={paging.error} onRetry={paging.retry}>
        {paging.empty ? (
          <EmptyState icon={UserX} title="No videos from this channel">
            The catalogue holds no videos from “{channelName}”.
          </EmptyState>
        ) : (
          <>
            <p className={styles.listCount}>{videoCount(paging.window.total)}</p>
            <PagedVideoGrid
              paging={paging}
              state={paging.window}
              label={`Videos from ${channelName}`}
              onOpen={openVideo}
              menuFor={menuFor}
            />
          </>
        )}
      </LoadState>
    </>
  );
}
