import { describeApiSuite } from '../testing/api-suite';
import { MemoryStore } from './memory-store';

describeApiSuite('MemoryStore', async () => ({ store: new MemoryStore(), close: async () => {} }));
