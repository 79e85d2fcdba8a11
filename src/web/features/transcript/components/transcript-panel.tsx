import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { TranscriptCue } from '../../../../contract/entities';
import buttons from '../../../components/ui/button.module.css';
import { formatTime } from '../../../lib/format';
import { usePlayer } from '../../../lib/player-context';
import { transcriptRead } from '../transcript-read';
import { currentCueIndex, highlightPieces, matchRanges } from '../transcript-text';
import styles from './transcript-panel.module.css';

/** How often the line being said is looked up while the page is open. */
const FOLLOW_INTERVAL_MS = 500;

export const transcriptTexts = {
  heading: 'Transcript',
  search: 'Search in the transcript',
  previous: 'Previous match',
  next: 'Next match',
  resume: 'Resume auto-scroll',
  lines: 'Transcript lines',
  noMatch: 'No match',
  matchOf: (at: number, of: number) => `${at} of ${of}`,
};

/**
 * The watch page's transcript (YouTube's panel): every line with its moment; the line being said
 * is marked and kept in view as the video plays, until the user scrolls the list (then "Resume
 * auto-scroll" brings it back); a line seeks there; a search marks its matches and steps through
 * them. Nothing shows for a video without a transcript.
 */
export function TranscriptPanel({ videoId }: { videoId: string }) {
  const { data } = useQuery(transcriptRead(videoId));
  const cues = data?.transcript.cues;
  if (!cues || cues.length === 0) return null;
  return <TranscriptLines cues={cues} />;
}

function TranscriptLines({ cues }: { cues: TranscriptCue[] }) {
  const player = usePlayer();
  const headingId = useId();
  const searchId = useId();
  const list = useRef<HTMLOListElement>(null);
  const [current, setCurrent] = useState(-1);
  const [following, setFollowing] = useState(true);
  const [query, setQuery] = useState('');
  const [matchAt, setMatchAt] = useState(0);
  // The line that takes Tab into the list (arrows move it): the one being said, else the first.
  const [focusLine, setFocusLine] = useState<number | undefined>();
  // The scroll the panel itself made: a scroll event that is not it is the user's.
  const ownScroll = useRef<number | undefined>(undefined);

  const matches = useMemo(
    () =>
      query.trim() === ''
        ? []
        : cues.flatMap((cue, index) => (matchRanges(cue.text, query).length > 0 ? [index] : [])),
    [cues, query],
  );
  const matchLine = matches.length > 0 ? matches[Math.min(matchAt, matches.length - 1)] : undefined;

  useEffect(() => {
    const follow = () => {
      const time = player.currentTime();
      if (time !== undefined) setCurrent(currentCueIndex(cues, time));
    };
    follow();
    const timer = window.setInterval(follow, FOLLOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [cues, player]);

  const bringIntoView = (index: number) => {
    const target = scrollLineIntoView(list.current, index);
    if (target !== undefined) ownScroll.current = target;
  };

  useEffect(() => {
    if (!following || current < 0 || matchLine !== undefined) return;
    const target = scrollLineIntoView(list.current, current);
    if (target !== undefined) ownScroll.current = target;
  }, [current, following, matchLine]);

  useEffect(() => {
    if (matchLine === undefined) return;
    const target = scrollLineIntoView(list.current, matchLine);
    if (target !== undefined) ownScroll.current = target;
  }, [matchLine]);

  const onScroll = () => {
    const box = list.current;
    if (!box) return;
    if (ownScroll.current !== undefined && Math.abs(box.scrollTop - ownScroll.current) < 2) {
      ownScroll.current = undefined;
      return;
    }
    ownScroll.current = undefined;
    setFollowing(false);
  };

  const seek = (index: number) => {
    const cue = cues[index];
    if (!cue) return;
    if (player.seekTo(cue.start)) setCurrent(index);
    setFollowing(true);
  };

  const step = (by: number) => {
    if (matches.length === 0) return;
    setMatchAt((at) => (Math.min(at, matches.length - 1) + by + matches.length) % matches.length);
  };

  const tabLine = focusLine ?? (current >= 0 ? current : 0);
  const moveFocus = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: tabLine + 1,
      ArrowUp: tabLine - 1,
      Home: 0,
      End: cues.length - 1,
      PageDown: tabLine + 10,
      PageUp: tabLine - 10,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(cues.length - 1, to));
    setFocusLine(index);
    setFollowing(false);
    (list.current?.children[index]?.querySelector('button') as HTMLElement | null)?.focus();
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {transcriptTexts.heading}
      </h2>
      <div className={styles.search} role="search">
        <label htmlFor={searchId} className={styles.visuallyHidden}>
          {transcriptTexts.search}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.field}
          placeholder={transcriptTexts.search}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setMatchAt(0);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          }}
        />
        {query.trim() !== '' && (
          <span className={styles.count} aria-live="polite">
            {matches.length === 0
              ? transcriptTexts.noMatch
              : transcriptTexts.matchOf(Math.min(matchAt, matches.length - 1) + 1, matches.length)}
          </span>
        )}
        <button
          type="button"
          className={styles.iconButton}
          aria-label={transcriptTexts.previous}
          disabled={matches.length === 0}
          onClick={() => step(-1)}
        >
          <ChevronUp aria-hidden size={18} />
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={transcriptTexts.next}
          disabled={matches.length === 0}
          onClick={() => step(1)}
        >
          <ChevronDown aria-hidden size={18} />
        </button>
      </div>
      <ol
        ref={list}
        className={styles.lines}
        aria-label={transcriptTexts.lines}
        onScroll={onScroll}
        onKeyDown={moveFocus}
      >
        {cues.map((cue, index) => (
          <li key={index}>
            <button
              type="button"
              className={styles.line}
              tabIndex={index === tabLine ? 0 : -1}
              aria-current={index === current ? 'true' : undefined}
              data-match={index === matchLine ? 'current' : undefined}
              onFocus={() => setFocusLine(index)}
              onClick={() => seek(index)}
            >
              <span className={styles.time}>{formatTime(cue.start)}</span>{' '}
              <span className={styles.text}>
                {highlightPieces(cue.text, query).map((piece, at) =>
                  piece.match ? <mark key={at}>{piece.text}</mark> : piece.text,
                )}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {!following && (
        <button
          type="button"
          className={buttons.button}
          onClick={() => {
            setFollowing(true);
            setQuery('');
            if (current >= 0) bringIntoView(current);
          }}
        >
          {transcriptTexts.resume}
        </button>
      )}
    </section>
  );
}

/**
 * Scrolls the list (never the page) so that line `index` is in its middle: the scroll position
 * set, or undefined when it did not move.
 */
function scrollLineIntoView(box: HTMLElement | null, index: number): number | undefined {
  const line = box?.children[index] as HTMLElement | undefined;
  if (!box || !line) return undefined;
  const top = Math.max(0, line.offsetTop - box.clientHeight / 2 + line.offsetHeight / 2);
  const target = Math.min(top, Math.max(0, box.scrollHeight - box.clientHeight));
  if (Math.abs(box.scrollTop - target) < 1) return undefined;
  box.scrollTop = target;
  return target;
}
