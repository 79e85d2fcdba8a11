import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client';
import type { LibraryList } from '../state/videos-reducer';
import { libraryRead, useSessionName, type ListAnswer } from './library';
import { announceWrite } from './tab-sync';

interface ListWrite<L extends LibraryList, Vars> {
  /** The call; it answers with the whole list. */
  write: (vars: Vars) => Promise<ListAnswer<L>>;
  /** The list as the screens show it while the call is on its way (none: they wait for it). */
  optimistic?: (list: ListAnswer<L>, vars: Vars) => ListAnswer<L>;
  /**
   * Refusals that mean the cached list is behind (a 409: already there, changed on another
   * device): the list is read again before the write fails, so the screen shows it as it is.
   */
  behindWhen?: readonly number[];
}

/**
 * A write to one of the signed-in user's lists, as a mutation of the query cache: the list changes
 * at once (`optimistic`), goes back when the call is refused, and takes the server's answer when
 * it is done; the other tabs of the browser are told (data/tab-sync.ts).
 */
export function useListWrite<L extends LibraryList, Vars>(
  list: L,
  { write, optimistic, behindWhen = [409] }: ListWrite<L, Vars>,
) {
  const client = useQueryClient();
  const session = useSessionName();
  const { queryKey } = libraryRead(list, session ?? '');
  return useMutation({
    mutationFn: write,
    onMutate: async (vars: Vars) => {
      const before = client.getQueryData<ListAnswer<L>>(queryKey);
      if (!optimistic || before === undefined) return { before: undefined };
      // A read on its way would land over the change.
      await client.cancelQueries({ queryKey });
      client.setQueryData(queryKey, optimistic(before, vars));
      return { before };
    },
    onError: async (error, _vars, context) => {
      if (context?.before !== undefined) client.setQueryData(queryKey, context.before);
      if (error instanceof ApiRequestError && behindWhen.includes(error.status)) {
        await client.refetchQueries({ queryKey }).catch(() => undefined);
      }
    },
    onSuccess: (answer) => {
      client.setQueryData(queryKey, answer);
      announceWrite(list);
    },
  });
}
