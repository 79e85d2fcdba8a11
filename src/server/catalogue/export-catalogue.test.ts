import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { MemoryStore } from '../../api/store/memory-store';
import { exportCatalogue } from './export-catalogue';
import { checkRecord } from './validate-video';

const video = (id: string, fields: Partial<Video> = {}): Video => ({
  _id: id,
  title: `Title ${id}`,
  channelName: 'Channel',
  views: 3,
  uploadedOn: '2024-01-02',
  avatar: '',
  description: '',
  categoryName: 'CSS',
  ...fields,
});

describe('exportCatalogue', () => {
  it('writes a known duration after the other fields, and none when it is unknown', async () => {
    const store = new MemoryStore(undefined, {
      videos: [video('timed', { duration: 725 }), video('untimed')],
      categories: [],
    });
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    expect(await exportCatalogue(store, out)).toEqual({ categories: 0, videos: 2, courses: 0 });
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      '{"_id":"timed","title":"Title timed","channelName":"Channel","views":3,"uploadedOn":"2024-01-02","avatar":"","description":"","categoryName":"CSS","duration":725}',
    );
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('duration');
    // What import reads back.
    expect(lines.map((line) => checkRecord(JSON.parse(line)))).toEqual([
      { ok: true, kind: 'video', video: video('timed', { duration: 725 }) },
      { ok: true, kind: 'video', video: video('untimed') },
    ]);
  });
});
