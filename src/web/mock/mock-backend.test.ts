import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { fillLocalStorage } from '../testing/storage-faults';
import {
  createMockBackend,
  MOCK_STORAGE_KEY,
  STORAGE_FULL_MESSAGE,
  STORAGE_FULL_STATUS,
} from './mock-backend';

const post = (path: string, body: unknown, token?: string) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, token?: string) =>
  new Request(`http://localhost${path}`, { headers: token ? { authorization: token } : {} });

async function logIn(backend: Awaited<ReturnType<typeof createMockBackend>>) {
  const response = await backend.handle(post('/api/auth/login', TEST_ACCOUNT));
  return ((await response.json()) as { encodedToken: string }).encodedToken;
}

describe('the mock backend', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('serves the seeded catalogue and saves only user data to storage on first start', async () => {
    const backend = await createMockBackend(localStorage);
    const response = await backend.handle(get('/api/videos'));
    expect(((await response.json()) as { videos: unknown[] }).videos).toHaveLength(6);
    const saved = localStorage.getItem(MOCK_STORAGE_KEY) ?? '';
    expect(saved).toContain(TEST_ACCOUNT.email);
    expect(saved).not.toContain('No8qdcVYiQw');
  });

  it('seeds the sample course of the six videos, and keeps done marks across a reload', async () => {
    const first = await createMockBackend(localStorage);
    const list = (await (await first.handle(get('/api/courses'))).json()) as {
      courses: { slug: string; lessonCount: number }[];
    };
    expect(list.courses).toEqual([expect.objectContaining({ lessonCount: 6 })]);
    const slug = list.courses[0]!.slug;
    const token = await logIn(first);
    const marked = await first.handle(
      post(`/api/user/courses/${slug}/lessons/1PnVor36_40/done`, {}, token),
    );
    expect(marked.status).toBe(200);
    const second = await createMockBackend(localStorage);
    const course = await second.handle(get(`/api/courses/${slug}`));
    expect(course.status).toBe(200);
    const mine = (await (await second.handle(get('/api/user/courses', token))).json()) as {
      courses: { slug: string; doneCount: number }[];
    };
    expect(mine.courses).toEqual([expect.objectContaining({ slug, doneCount: 1 })]);
  });

  it('serves the seed videos’ transcripts and finds videos by what is said, after a reload too', async () => {
    await createMockBackend(localStorage);
    const backend = await createMockBackend(localStorage);
    const transcript = await backend.handle(get('/api/video/PkZNo7MFNFg/transcript'));
    expect(transcript.status).toBe(200);
    const search = await backend.handle(get('/api/videos/search?q=closure'));
    const found = (await search.json()) as { moments: unknown[] };
    expect(found.moments).toEqual([
      {
        videoId: 'PkZNo7MFNFg',
        start: 15,
        text: 'A closure is a function that remembers the variables around it,',
      },
    ]);
  });

  it('lets anyone sign up and has the demo account (GET /api/config)', async () => {
    const backend = await createMockBackend(localStorage);
    const config = await (await backend.handle(get('/api/config'))).json();
    expect(config).toEqual({ demoAccount: true, signup: { open: true, emailDomains: [] } });
  });

  it('keeps a deleted account deleted across a reload', async () => {
    const first = await createMockBackend(localStorage);
    const token = await logIn(first);
    const deleted = await first.handle(
      post('/api/user/delete-account', { currentPassword: TEST_ACCOUNT.password }, token),
    );
    expect(deleted.status).toBe(200);
    const second = await createMockBackend(localStorage);
    expect((await second.handle(post('/api/auth/login', TEST_ACCOUNT))).status).toBe(404);
  });

  it('rebuilds the catalogue on a reload and keeps lists that name its videos', async () => {
    const first = await createMockBackend(localStorage);
    const token = await logIn(first);
    await first.handle(post('/api/user/watchlater', { video: { _id: 'pQN-pnXPaVg' } }, token));
    const second = await createMockBackend(localStorage);
    const search = await second.handle(get('/api/videos/search?q=html'));
    const found = (await search.json()) as { videos: { _id: string }[] };
    expect(found.videos.map((video) => video._id)).toContain('pQN-pnXPaVg');
    const list = await second.handle(get('/api/user/watchlater', token));
    expect(((await list.json()) as { watchlater: { _id: string }[] }).watchlater).toHaveLength(1);
  });

  it('reads a save from before the catalogue left it, dropping its copy of the catalogue', async () => {
    await createMockBackend(localStorage);
    const saved = JSON.parse(localStorage.getItem(MOCK_STORAGE_KEY) ?? '{}') as object;
    localStorage.setItem(
      MOCK_STORAGE_KEY,
      JSON.stringify({ ...saved, version: 1, videos: [], categories: [] }),
    );
    const reopened = await createMockBackend(localStorage);
    const response = await reopened.handle(get('/api/videos'));
    expect(((await response.json()) as { videos: unknown[] }).videos).toHaveLength(6);
    expect(await logIn(reopened)).toEqual(expect.any(String));
  });

  it('keeps writes across a reload: a new backend on the same storage sees them', async () => {
    const first = await createMockBackend(localStorage);
    const token = await logIn(first);
    await first.handle(post('/api/user/likes', { video: { _id: 'No8qdcVYiQw' } }, token));

    const second = await createMockBackend(localStorage);
    const likes = await second.handle(get('/api/user/likes', token));
    const body = (await likes.json()) as { likes: { _id: string }[] };
    expect(body.likes.map((video) => video._id)).toEqual(['No8qdcVYiQw']);
  });

  it('starts from the seed when storage holds something unreadable', async () => {
    localStorage.setItem(MOCK_STORAGE_KEY, '{"version":99}');
    const backend = await createMockBackend(localStorage);
    expect((await backend.handle(get('/api/videos'))).status).toBe(200);
    expect(await logIn(backend)).toEqual(expect.any(String));
  });

  it('reset throws away what users wrote', async () => {
    const backend = await createMockBackend(localStorage);
    const signup = post('/api/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email: 'gone@example.com',
      password: 'gone-after-reset',
    });
    expect((await backend.handle(signup)).status).toBe(201);
    await backend.reset();
    const login = await backend.handle(
      post('/api/auth/login', { email: 'gone@example.com', password: 'gone-after-reset' }),
    );
    expect(login.status).toBe(404);
    const reopened = await createMockBackend(localStorage);
    const again = await reopened.handle(
      post('/api/auth/login', { email: 'gone@example.com', password: 'gone-after-reset' }),
    );
    expect(again.status).toBe(404);
  });

  it('runs on its seed and keeps writes in memory without storage (site data blocked)', async () => {
    const backend = await createMockBackend(undefined);
    const token = await logIn(backend);
    const like = await backend.handle(
      post('/api/user/likes', { video: { _id: 'No8qdcVYiQw' } }, token),
    );
    expect(like.status).toBe(201);
    const likes = await backend.handle(get('/api/user/likes', token));
    expect(((await likes.json()) as { likes: unknown[] }).likes).toHaveLength(1);
    expect(localStorage.getItem(MOCK_STORAGE_KEY)).toBeNull();
  });

  describe('with storage full', () => {
    afterEach(() => vi.restoreAllMocks());

    const like = (id: string, token: string) =>
      post('/api/user/likes', { video: { _id: id } }, token);
    const likedIds = async (
      backend: Awaited<ReturnType<typeof createMockBackend>>,
      token: string,
    ) => {
      const response = await backend.handle(get('/api/user/likes', token));
      return ((await response.json()) as { likes: { _id: string }[] }).likes.map((v) => v._id);
    };

    it('a write it cannot save fails with 507 and is undone, in memory as in storage', async () => {
      const backend = await createMockBackend(localStorage);
      const token = await logIn(backend);
      expect((await backend.handle(like('No8qdcVYiQw', token))).status).toBe(201);
      fillLocalStorage();

      const response = await backend.handle(like('1PnVor36_40', token));
      expect(response.status).toBe(STORAGE_FULL_STATUS);
      expect(await response.json()).toEqual({ errors: [STORAGE_FULL_MESSAGE] });
      expect(STORAGE_FULL_MESSAGE).toMatch(/storage is full/);
      expect(await likedIds(backend, token)).toEqual(['No8qdcVYiQw']);
      const reopened = await createMockBackend(localStorage);
      expect(await likedIds(reopened, token)).toEqual(['No8qdcVYiQw']);
    });

    it('reads and logins, which change no saved data, still answer', async () => {
      const backend = await createMockBackend(localStorage);
      fillLocalStorage();
      expect((await backend.handle(get('/api/videos'))).status).toBe(200);
      expect(await logIn(backend)).toEqual(expect.any(String));
    });

    it('saves again once there is room', async () => {
      const backend = await createMockBackend(localStorage);
      const token = await logIn(backend);
      fillLocalStorage();
      expect((await backend.handle(like('No8qdcVYiQw', token))).status).toBe(507);
      vi.restoreAllMocks();
      expect((await backend.handle(like('No8qdcVYiQw', token))).status).toBe(201);
      const reopened = await createMockBackend(localStorage);
      expect(await likedIds(reopened, token)).toEqual(['No8qdcVYiQw']);
    });

    it('undoes only the write that failed when writes overlap', async () => {
      const backend = await createMockBackend(localStorage);
      const token = await logIn(backend);
      const setItem = Storage.prototype.setItem;
      let calls = 0;
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
        this: Storage,
        key: string,
        value: string,
      ) {
        calls += 1;
        if (calls === 1) throw new DOMException('full', 'QuotaExceededError');
        setItem.call(this, key, value);
      });
      const [first, second] = await Promise.all([
        backend.handle(like('No8qdcVYiQw', token)),
        backend.handle(like('1PnVor36_40', token)),
      ]);
      expect([first.status, second.status]).toEqual([507, 201]);
      expect(await likedIds(backend, token)).toEqual(['1PnVor36_40']);
      const reopened = await createMockBackend(localStorage);
      expect(await likedIds(reopened, token)).toEqual(['1PnVor36_40']);
    });
  });
});
