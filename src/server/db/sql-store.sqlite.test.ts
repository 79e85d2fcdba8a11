import { describeAbuseSuite } from '../../api/testing/abuse-suite';
import { describeAccountsSuite } from '../../api/testing/accounts-suite';
import { describeApiSuite } from '../../api/testing/api-suite';
import { describeCatalogueSuite } from '../../api/testing/catalogue-suite';
import { describeCoursesSuite } from '../../api/testing/courses-suite';
import { describeNotesEditSuite } from '../../api/testing/notes-edit-suite';
import { describeRobustnessSuite } from '../../api/testing/robustness-suite';
import { describeTranscriptsSuite } from '../../api/testing/transcripts-suite';
import { openSqliteTestStore } from '../testing/open-test-store';

describeApiSuite('SqlStore (SQLite)', openSqliteTestStore);
describeRobustnessSuite('SqlStore (SQLite)', openSqliteTestStore);
describeCatalogueSuite('SqlStore (SQLite)', openSqliteTestStore);
describeAbuseSuite('SqlStore (SQLite)', openSqliteTestStore);
describeAccountsSuite('SqlStore (SQLite)', openSqliteTestStore);
describeCoursesSuite('SqlStore (SQLite)', openSqliteTestStore);
describeTranscriptsSuite('SqlStore (SQLite)', openSqliteTestStore);
describeNotesEditSuite('SqlStore (SQLite)', openSqliteTestStore);
