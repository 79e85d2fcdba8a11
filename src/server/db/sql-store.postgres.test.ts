import { inject } from 'vitest';
import { describeAbuseSuite } from '../../api/testing/abuse-suite';
import { describeApiSuite } from '../../api/testing/api-suite';
import { describeRobustnessSuite } from '../../api/testing/robustness-suite';
import { openPostgresTestStore } from '../testing/open-test-store';

describeApiSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
describeRobustnessSuite('SqlStore (PostgreSQL)', () =>
  openPostgresTestStore(inject('postgresUrl')),
);
describeAbuseSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
