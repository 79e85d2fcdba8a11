import type { Note, Playlist, PublicUser, Video } from '../../contract/entities';

let sequence = 0;
const next = () => (sequence += 1);

/** A video with sensible defaults; override what the test is about. */
export function buildVideo(overrides: Partial<Video> = {}): Video {
  const n = next();
  return {
    _id: `video-${n}`,
    title: `Video ${n}`,
    channelName: 'Channel',
    views: 1000 * n,
    uploadedOn: '2024-01-01',
    avatar: '',
    description: `About video ${n}`,
    categoryName: 'CSS',
    ...overrides,
  };
}

export function buildNote(overrides: Partial<Note> = {}): Note {
  const n = next();
  return { _id: `note-${n}`, content: `Note ${n}`, videoId: 'video-1', ...overrides };
}

export function buildPlaylist(overrides: Partial<Playlist> = {}): Playlist {
  const n = next();
  return { _id: `playlist-${n}`, title: `Playlist ${n}`, videos: [], ...overrides };
}

export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const n = next();
  return {
    _id: `user-${n}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${n}@example.com`,
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    ...overrides,
  };
}
