import { describeCatalogueSuite } from '../../api/testing/catalogue-suite';
import { describeRobustnessSuite } from '../../api/testing/robustness-suite';
import { openSqliteTestStore } from '../testing/open-test-store';

/** SQLite as the server runs it: the catalogue's reads on the read pool's threads (decision 0019). */
const openWithReadPool = () => openSqliteTestStore(undefined, { readThreads: 2 });

describeRobustnessSuite('SqlStore (SQLite, read pool)', openWithReadPool);
describeCatalogueSuite('SqlStore (SQLite, read pool)', openWithReadPool);
