import { describeApiSuite } from '../../api/testing/api-suite';
import { openSqliteTestStore } from '../testing/open-test-store';

describeApiSuite('SqlStore (SQLite)', openSqliteTestStore);
