import { useId, type Ref } from 'react';
import { Search } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { MAX_QUERY_TEXT } from '../../../contract/limits';
import { useVideos } from '../../state/use-store';
import { ALL_CATEGORIES, homePath, resultsPath } from '../../state/videos-reducer';
import styles from './layout.module.css';

/**
 * product §4: typing a search resets the category to All and filters the home grid, going home from
 * any other page; the filter is kept in the address. Enter opens the results page for the text.
 * Escape never empties the box (Chromium's own Escape would, and the emptied search would take
 * the user home from the results): in the mobile search modal it closes the modal, in the top
 * bar it does nothing. Used in the top bar and in the mobile search modal.
 */
export function SearchBox({
  autoFocus = false,
  onDone,
  inputRef,
}: {
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  /** Called when the user submits (Enter) or presses Escape: the modal closes. */
  onDone?: () => void;
}) {
  const { state, dispatch } = useVideos();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const id = useId();

  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const query = state.filters.search.trim();
        if (query !== '') void navigate(resultsPath(query));
        onDone?.();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search videos
      </label>
      <Search aria-hidden size={18} className={styles.searchIcon} />
      <input
        id={id}
        ref={inputRef}
        type="search"
        className={styles.searchInput}
        placeholder="Search"
        autoComplete="off"
        maxLength={MAX_QUERY_TEXT}
        enterKeyHint="search"
        data-autofocus={autoFocus || undefined}
        value={state.filters.search}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
          // The browser's Escape would empty the box (and the dialog would not see the key).
          event.preventDefault();
          onDone?.();
        }}
        onChange={(event) => {
          const search = event.target.value;
          dispatch({ type: 'SET_SEARCH', payload: search });
          // On home each key replaces the address, so back leaves home instead of undoing letters.
          void navigate(homePath({ category: ALL_CATEGORIES, search }), {
            replace: pathname === '/',
          });
        }}
      />
    </form>
  );
}
