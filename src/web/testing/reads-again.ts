import { onReadAgain, type ReadRouteKey } from '../lib/api-client';

/**
 * Records the lists a feature asks to read again (`readAgain`), which the query cache does in the
 * app (data/data-provider.tsx; data/library.test.tsx checks that the list then comes in).
 */
export function readsAgain(): ReadRouteKey[] {
  const routes: ReadRouteKey[] = [];
  onReadAgain(async (route) => {
    routes.push(route);
  });
  return routes;
}
