import { useId, useMemo, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Download, NotebookPen, Search, SearchX } from 'lucide-react';
import type { Video } from '../../contract/entities';
import buttons from '../components/ui/button.module.css';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { knownVideoRead } from '../data/reads';
import { useLibraryRetry } from '../data/library';
import { EditableNote } from '../features/notes/components/editable-note';
import { notebookGroups } from '../features/notes/notebook';
import { notesTexts } from '../features/notes/notes-service';
import { useNoteEdits } from '../features/notes/use-note-edits';
import { exportNotes, transferTexts } from '../features/notes/notes-transfer';
import { Thumbnail } from '../features/videos/components/thumbnail';
import { watchAt } from '../features/transcript/transcript-text';
import { formatTime } from '../lib/format';
import { useScreenTitle } from '../lib/use-screen-title';
import { useLeaveGuard } from '../lib/use-leave-guard';
import { useVideos } from '../state/use-store';
import { LoadState } from './load-state';
import styles from './notes-page.module.css';
import pages from './pages.module.css';
import { RequireLogin } from './require-login';

export const notebookTexts = {
  heading: 'Notes',
  search: 'Search notes',
  empty: 'Notes you take on a video’s page show here, grouped by video.',
  noMatch: (query: string) => `No note or video title matches “${query}”.`,
};

/**
 * /notes: every note of the signed-in user across videos, newest first, grouped by video; each can
 * be edited in place with the watch page's box (editable-note.tsx).
 */
export default function NotesPage() {
  useScreenTitle('notes');
  return (
    <RequireLogin>
      <Notebook />
    </RequireLogin>
  );
}

function Notebook() {
  const { state } = useVideos();
  const client = useQueryClient();
  const retryLibrary = useLibraryRetry();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const notes = state.notes;
  const edits = useNoteEdits(notes);
  useLeaveGuard(edits.unsaved, notesTexts.leave);
  const videoIds = useMemo(() => [...new Set(notes.map((note) => note.videoId))], [notes]);
  const reads = useQueries({
    queries: videoIds.map((id) => ({ ...knownVideoRead(id), retry: 1 })),
  });
  const videos = new Map<string, Video>();
  for (const read of reads) if (read.data) videos.set(read.data.video._id, read.data.video);
  const groups = notebookGroups(notes, videos, query);

  return (
    <>
      <PageHeading title={notebookTexts.heading}>
        {notes.length > 0 && (
          <button
            type="button"
            className={buttons.button}
            onClick={() => void exportNotes(client, notes)}
          >
            <Download aria-hidden size={18} />
            {transferTexts.exportAll}
          </button>
        )}
      </PageHeading>
      <LoadState
        loading={state.library.notes.loading && notes.length === 0}
        error={notes.length === 0 ? state.library.notes.error : undefined}
        onRetry={retryLibrary}
      >
        {notes.length === 0 ? (
          <EmptyState icon={NotebookPen} title="No notes yet">
            {notebookTexts.empty}
          </EmptyState>
        ) : (
          <>
            <div className={pages.historySearch}>
              <label htmlFor={searchId} className="visually-hidden">
                {notebookTexts.search}
              </label>
              <Search aria-hidden size={18} className={pages.historySearchIcon} />
              <input
                id={searchId}
                type="search"
                className={pages.historySearchInput}
                placeholder={notebookTexts.search}
                autoComplete="off"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            {groups.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No matching notes"
                action={
                  <button type="button" className={buttons.button} onClick={() => setQuery('')}>
                    Clear search
                  </button>
                }
              >
                {notebookTexts.noMatch(query.trim())}
              </EmptyState>
            ) : (
              groups.map((group) => {
                const title = group.video?.title ?? group.videoId;
                const headingId = `${searchId}-${group.videoId}`;
                return (
                  <section key={group.videoId} className={styles.group} aria-labelledby={headingId}>
                    <Link
                      to={`/watch/${encodeURIComponent(group.videoId)}`}
                      className={styles.video}
                      tabIndex={-1}
                      aria-hidden
                    >
                      <Thumbnail videoId={group.videoId} className={styles.thumbnail} />
                    </Link>
                    <div className={styles.body}>
                      <h2 id={headingId} className={styles.title}>
                        <Link to={`/watch/${encodeURIComponent(group.videoId)}`}>{title}</Link>
                      </h2>
                      <ol className={styles.notes} aria-label={`Notes on ${title}`}>
                        {group.notes.map((note) => (
                          <li key={note._id} className={styles.note}>
                            {note.time !== undefined && (
                              <Link
                                className={styles.moment}
                                to={watchAt(note.videoId, note.time)}
                                aria-label={`Play from ${formatTime(note.time)}`}
                              >
                                {formatTime(note.time)}
                              </Link>
                            )}
                            <EditableNote {...edits.editing(note)} />
                          </li>
                        ))}
                      </ol>
                    </div>
                  </section>
                );
              })
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
