import { useCallback, useEffect, useState } from 'react';
import { loadEndpointOptions, type EndpointOption } from './endpoint-catalogue';

export type EndpointList =
  { status: 'loading' } | { status: 'ready'; options: EndpointOption[] } | { status: 'failed' };

/** The API's operations, fetched from /api/openapi.json when the tester opens; `retry` asks again. */
export function useEndpointOptions(): { list: EndpointList; retry: () => void } {
  const [list, setList] = useState<EndpointList>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadEndpointOptions().then(
      (options) => {
        if (current) setList({ status: 'ready', options });
      },
      (error: unknown) => {
        // The picker is a convenience: without it the endpoint can still be typed.
        console.warn('Request tester: the endpoint list could not be loaded', error);
        if (current) setList({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setList({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { list, retry };
}
