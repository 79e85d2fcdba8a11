import { useId, type Ref } from 'react';
import { Search } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { useVideos } from '../../state/use-store';
import styles from './layout.module.css';

/**
 * SPEC §4: typing a search resets the category to All, and on any page but home goes home.
 * Used in the top bar and in the mobile search modal.
 */
export function SearchBox({
  autoFocus = false,
  onDone,
  inputRef,
}: {
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  /** Called when the user submits (Enter): the modal closes. */
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
        data-autofocus={autoFocus || undefined}
        value={state.filters.search}
        onChange={(event) => {
          dispatch({ type: 'SET_SEARCH', payload: event.target.value });
          if (pathname !== '/') void navigate('/');
        }}
      />
    </form>
  );
}
