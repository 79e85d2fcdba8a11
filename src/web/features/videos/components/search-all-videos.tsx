import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import buttons from '../../../components/ui/button.module.css';
import { BrowseVideos } from '../../../components/ui/empty-state';
import { publicRead } from '../../../data/reads';
import { VIDEO_PAGE_SIZE } from '../../../state/video-window';
import { resultsPath } from '../../../state/videos-reducer';
import { resultCount } from '../result-count';
import { searchPageQuery } from '../video-paths';

/**
 * The way on under the home grid's 'No videos matched the search keyword.': the live filter is a
 * case-sensitive title match (product §5), so `react` finds nothing there while the results page
 * (any case, channel and description too) finds plenty. Offers that search, with its count once
 * known (the results page's first page, asked for here, so it opens from the cache), and leaves it
 * out when it finds nothing either. 'Browse videos' stays.
 */
export function SearchAllVideos({ text }: { text: string }) {
  const query = text.trim();
  const { data } = useQuery({
    ...publicRead('GET /api/videos/search', {
      query: searchPageQuery(query, 0, VIDEO_PAGE_SIZE),
    }),
    enabled: query !== '',
  });
  const found = data === undefined ? undefined : (data.total ?? data.videos.length);
  if (query === '' || found === 0) return <BrowseVideos />;
  return (
    <>
      <Link to={resultsPath(query)} className={buttons.primary}>
        <Search aria-hidden size={18} />
        {`Search all videos for “${query}”`}
        {found !== undefined && ` · ${resultCount(found, data?.totalCapped === true)}`}
      </Link>
      <BrowseVideos />
    </>
  );
}
