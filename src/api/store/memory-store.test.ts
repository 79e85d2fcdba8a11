import { describeAbuseSuite } from '../testing/abuse-suite';
import { describeAccountsSuite } from '../testing/accounts-suite';
import { describeApiSuite } from '../testing/api-suite';
import { describeCatalogueSuite } from '../testing/catalogue-suite';
import { describeCoursesSuite } from '../testing/courses-suite';
import { describePlaylistOrderSuite } from '../testing/playlist-order-suite';
import { describeNotesEditSuite } from '../testing/notes-edit-suite';
import { describeRobustnessSuite } from '../testing/robustness-suite';
import { describeTranscriptsSuite } from '../testing/transcripts-suite';
import { MemoryStore } from './memory-store';

describeApiSuite('MemoryStore', async () => ({ store: new MemoryStore(), close: async () => {} }));

describeRobustnessSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));

describeCatalogueSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));

describeAbuseSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));

describeAccountsSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));

describeCoursesSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));
describeTranscriptsSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));

describePlaylistOrderSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));

describeNotesEditSuite('MemoryStore', async () => ({
  store: new MemoryStore(),
  close: async () => {},
}));
