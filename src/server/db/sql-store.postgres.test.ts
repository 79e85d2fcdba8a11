import { inject } from 'vitest';
import { describeApiSuite } from '../../api/testing/api-suite';
import { openPostgresTestStore } from '../testing/open-test-store';

describeApiSuite('SqlStore (PostgreSQL)', () => openPostgresTestStore(inject('postgresUrl')));
