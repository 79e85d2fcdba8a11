import { describe, expect, it } from 'vitest';
import { safeStorage } from '../../lib/safe-storage';
import { forgetNoteDrafts, noteDraftKey, readNoteDraft, writeNoteDraft } from './note-drafts';

/** A storage of its own per test, as the browser's would be. */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  } as Storage;
  return { items, storage: safeStorage(() => storage) };
}

describe('note drafts', () => {
  it('keeps a draft per user and video, with its moment, and reads it back', () => {
    const { storage } = memoryStorage();
    const key = noteDraftKey('u1', 'video-a');
    expect(writeNoteDraft(key, { text: 'Grid *first*', time: 83 }, storage)).toBe(true);
    expect(readNoteDraft(key, storage)).toEqual({ text: 'Grid *first*', time: 83 });
    expect(readNoteDraft(noteDraftKey('u1', 'video-b'), storage)).toEqual({ text: '' });
    expect(readNoteDraft(noteDraftKey('u2', 'video-a'), storage)).toEqual({ text: '' });
  });

  it('forgets a draft once it is empty (the note was saved)', () => {
    const { items, storage } = memoryStorage();
    const key = noteDraftKey('u1', 'video-a');
    writeNoteDraft(key, { text: 'x' }, storage);
    writeNoteDraft(key, { text: '', time: 4 }, storage);
    expect(items.size).toBe(0);
    expect(readNoteDraft(key, storage)).toEqual({ text: '' });
  });

  it('forgets every draft of a user whose session ended, and no one else’s', () => {
    const { items, storage } = memoryStorage();
    const drafts: [user: string, video: string][] = [
      ['u1', 'video-a'],
      ['u1', 'video-b'],
      ['u12', 'video-a'],
      ['u2', 'video-a'],
    ];
    for (const [user, video] of drafts) {
      writeNoteDraft(noteDraftKey(user, video), { text: `${user} on ${video}` }, storage);
    }
    items.set('theme', 'dark');
    forgetNoteDrafts('u1', storage);
    expect([...items.keys()].sort()).toEqual(
      [noteDraftKey('u12', 'video-a'), noteDraftKey('u2', 'video-a'), 'theme'].sort(),
    );
  });

  it('never mixes ids that would run together', () => {
    expect(noteDraftKey('a:b', 'c')).not.toBe(noteDraftKey('a', 'b:c'));
  });

  it('reads anything else kept under the key as no draft', () => {
    const { items, storage } = memoryStorage();
    const key = noteDraftKey('u1', 'v');
    for (const raw of ['not json', 'null', '"text"', '{"text":42}', '[]', '{"text":""}']) {
      items.set(key, raw);
      expect(readNoteDraft(key, storage), raw).toEqual({ text: '' });
    }
    items.set(key, '{"text":"kept","time":-3}');
    expect(readNoteDraft(key, storage)).toEqual({ text: 'kept' });
  });

  it('works on without storage: nothing kept, nothing thrown', () => {
    const refused = safeStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const key = noteDraftKey('u1', 'v');
    expect(writeNoteDraft(key, { text: 'x' }, refused)).toBe(false);
    expect(readNoteDraft(key, refused)).toEqual({ text: '' });
    expect(() => forgetNoteDrafts('u1', refused)).not.toThrow();
  });
});
