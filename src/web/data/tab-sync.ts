import type { QueryClient } from '@tanstack/react-query';
import { LIBRARY_LISTS, type LibraryList } from '../state/videos-reducer';
import { isUserKey } from './reads';

/** The channel the tabs of this browser tell each other on which of the user's lists they wrote. */
const CHANNEL = 'codetube:lists';

/** What a tab says after a write: the list it changed, or every list (a write that names none). */
interface Written {
  list: LibraryList | 'all';
}

let channel: BroadcastChannel | null = null;

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells the other tabs of this browser that `list` changed, so they load it again. */
export function announceWrite(list: LibraryList | 'all'): void {
  openChannel()?.postMessage({ list } satisfies Written);
}

/** Whether a message is one a tab sends (another version of the app may send another shape). */
function isWritten(data: unknown): data is Written {
  const list = (data as Partial<Written> | null)?.list;
  return list === 'all' || LIBRARY_LISTS.includes(list as LibraryList);
}

/**
 * Marks stale, in this tab's cache, each list another tab says it wrote (loaded again at once,
 * quietly, where it is shown). `routeOf` names a list's read. Returns the unsubscribe.
 */
export function followOtherTabs(
  client: QueryClient,
  routeOf: (list: LibraryList) => string,
): () => void {
  // The instance the tab writes on: a channel does not hear its own messages.
  const listening = openChannel();
  if (listening === null) return () => undefined;
  listening.onmessage = ({ data }: MessageEvent) => {
    if (!isWritten(data)) return;
    const route = data.list === 'all' ? null : routeOf(data.list);
    void client.invalidateQueries({
      predicate: ({ queryKey }) =>
        isUserKey(queryKey) && (route === null || queryKey[0] === route),
    });
  };
  return () => {
    listening.onmessage = null;
  };
}
