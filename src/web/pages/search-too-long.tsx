import { SearchX } from 'lucide-react';
import { MAX_QUERY_TEXT } from '../../contract/limits';
import { EmptyState } from '../components/ui/empty-state';

/** What home and the results page show for a search longer than the API takes. */
export function SearchTooLong() {
  return (
    <EmptyState icon={SearchX} title="Search too long">
      Searches are at most {MAX_QUERY_TEXT} characters. Shorten yours and try again.
    </EmptyState>
  );
}
