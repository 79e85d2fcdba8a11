import { Link } from 'react-router';
import type { TranscriptMoment } from '../../../../contract/entities';
import { formatTime } from '../../../lib/format';
import { highlightPieces, watchAt } from '../transcript-text';
import styles from './transcript-moment.module.css';

/** A results card's transcript match: the moment and the line, the searched words marked. */
export function TranscriptMomentLink({
  moment,
  query,
}: {
  moment: TranscriptMoment;
  query: string;
}) {
  return (
    <Link className={styles.moment} to={watchAt(moment.videoId, moment.start)}>
      <span className={styles.time}>{formatTime(moment.start)}</span>{' '}
      <span>
        “
        {highlightPieces(moment.text, query).map((piece, at) =>
          piece.match ? <mark key={at}>{piece.text}</mark> : piece.text,
        )}
        ”
      </span>
    </Link>
  );
}
