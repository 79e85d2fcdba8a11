import { inject } from 'vitest';
import { describeAbuseSuite } from '../../api/testing/abuse-suite';
import { describeAccountsSuite } from '../../api/testing/accounts-suite';
import { describeApiSuite } from '../../api/testing/api-suite';
import { describeCatalogueSuite } from '../../api/testing/catalogue-suite';
import { describeCoursesSuite } from '../../api/testing/courses-suite';
import { describePlaylistOrderSuite } from '../../api/testing/playlist-order-suite';
import { describeNotesEditSuite } from '../../api/testing/notes-edit-suite';
import { describeRobustnessSuite } from '../../api/testing/robustness-suite';
import { describeTranscriptsSuite } from '../../api/testing/transcripts-suite';
import { openPostgresTestStore } from '../testing/open-test-store';

describeApiSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
describeRobustnessSuite('SqlStore (PostgreSQL)', () =>
  openPostgresTestStore(inject('postgresUrl')),
);
describeCatalogueSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
// The planner expects one row of most searches on a catalogue this small (no statistics yet): a
// group expected to hold more than none is walked, so every group is.
describeCatalogueSuite('SqlStore (PostgreSQL), results walked in views order', () =>
  openPostgresTestStore(inject('postgresUrl'), { denseSearchGroup: 0 }),
);
describeAbuseSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
describeAccountsSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
describeCoursesSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
describeTranscriptsSuite('SqlStore (PostgreSQL)', () =>
  openPostgresTestStore(inject('postgresUrl')),
);
describePlaylistOrderSuite('SqlStore (PostgreSQL)', () =>
  openPostgresTestStore(inject('postgresUrl')),
);
describeNotesEditSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
