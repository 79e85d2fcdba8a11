import type { Migration, MigrationProvider } from 'kysely';
import type { SqlDialectName } from '../dialect';
import { initialSchema } from './0001-initial-schema';
import { noteTimesAndProgress } from './0002-note-times-and-progress';
import { catalogueSearch } from './0003-catalogue-search';
import { limitsAndSessions } from './0004-limits-and-sessions';
import { progressDuration } from './0005-progress-duration';
import { videosByChannel } from './0006-videos-by-channel';
import { rankedTextSearch } from './0007-ranked-text-search';
import { foldedTextColumns } from './0008-folded-text-columns';
import { joinedTextIndexes } from './0009-joined-text-indexes';
import { titleWalkIndex } from './0010-title-walk-index';
import { listVersions } from './0011-list-versions';
import { videoReferenceIndexes } from './0012-video-reference-indexes';
import { finalSigma } from './0013-final-sigma';
import { catalogueOrderIds } from './0014-catalogue-order-ids';
import { disabledUsers } from './0015-disabled-users';
import { videoDuration } from './0016-video-duration';
import { courses } from './0017-courses';
import { transcripts } from './0018-transcripts';
import { transcriptChunksMigration } from './0019-transcript-chunks';
import { transcriptWords } from './0020-transcript-words';
import { transcriptVocabulary } from './0021-transcript-vocabulary';
import { transcriptPairs } from './0022-transcript-pairs';
import { transcriptTriples } from './0023-transcript-triples';

/**
 * The migrations, in order, kept in code (no directory scanning): they ship with the server and
 * run at start. A new migration is a new entry here; applied ones are never edited.
 */
export function migrationsFor(dialect: SqlDialectName): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial-schema': initialSchema(dialect),
    '0002-note-times-and-progress': noteTimesAndProgress(dialect),
    '0003-catalogue-search': catalogueSearch(dialect),
    '0004-limits-and-sessions': limitsAndSessions(dialect),
    '0005-progress-duration': progressDuration(dialect),
    '0006-videos-by-channel': videosByChannel(),
    '0007-ranked-text-search': rankedTextSearch(dialect),
    '0008-folded-text-columns': foldedTextColumns(dialect),
    '0009-joined-text-indexes': joinedTextIndexes(dialect),
    '0010-title-walk-index': titleWalkIndex(dialect),
    '0011-list-versions': listVersions(dialect),
    '0012-video-reference-indexes': videoReferenceIndexes(),
    '0013-final-sigma': finalSigma(dialect),
    '0014-catalogue-order-ids': catalogueOrderIds(dialect),
    '0015-disabled-users': disabledUsers(),
    '0016-video-duration': videoDuration(),
    '0017-courses': courses(dialect),
    '0018-transcripts': transcripts(dialect),
    '0019-transcript-chunks': transcriptChunksMigration(dialect),
    '0020-transcript-words': transcriptWords(dialect),
    '0021-transcript-vocabulary': transcriptVocabulary(dialect),
    '0022-transcript-pairs': transcriptPairs(dialect),
    '0023-transcript-triples': transcriptTriples(dialect),
  };
  return { getMigrations: async () => migrations };
}
