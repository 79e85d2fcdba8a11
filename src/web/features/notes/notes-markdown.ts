import type { Note, Video } from '../../../contract/entities';
import { formatTime } from '../../lib/format';

/** A note as it travels in a Markdown file. */
export interface PortableNote {
  videoId: string;
  content: string;
  /** Seconds into the video, for timed notes. */
  time?: number;
}

const OPEN = /<!-- codetube-note video="([^"]+)"(?: time="(\d+)")? -->\n/g;
const CLOSE = '\n<!-- /codetube-note -->';

/** `https://youtu.be/{id}?t={seconds}`: opens YouTube at the note's moment. */
export function timeLink(videoId: string, seconds: number): string {
  return `https://youtu.be/${encodeURIComponent(videoId)}?t=${seconds}`;
}

function noteBlock(note: PortableNote): string {
  const hasTime = typeof note.time === 'number';
  const marker = hasTime
    ? `<!-- codetube-note video="${note.videoId}" time="${note.time}" -->`
    : `<!-- codetube-note video="${note.videoId}" -->`;
  const link = hasTime
    ? `[${formatTime(note.time ?? 0)}](${timeLink(note.videoId, note.time ?? 0)})\n\n`
    : '';
  return `${marker}\n${link}${note.content}${CLOSE}`;
}

/**
 * Notes as Markdown, grouped by video in the order `videos` lists them. Each note's text sits verbatim between
 * two HTML comments (invisible when rendered), so fenced code and any Markdown survive a round
 * trip exactly; timed notes carry a youtu.be link to their moment.
 */
export function notesToMarkdown(notes: (Note & { time?: number })[], videos: Video[]): string {
  const lines = ['# CodeTube notes', ''];
  const titles = new Map(videos.map((video) => [video._id, video.title]));
  const order = [...new Set([...videos.map((video) => video._id), ...notes.map((n) => n.videoId)])];
  for (const videoId of order) {
    const own = notes.filter((note) => note.videoId === videoId);
    if (own.length === 0) continue;
    lines.push(`## ${titles.get(videoId) ?? videoId}`, '', `https://youtu.be/${videoId}`, '');
    for (const note of own) lines.push(noteBlock(note), '');
  }
  return lines.join('\n');
}

/** Reads the notes back out of a file written by notesToMarkdown. */
export function markdownToNotes(markdown: string): PortableNote[] {
  const text = markdown.replace(/\r\n/g, '\n');
  const notes: PortableNote[] = [];
  for (const match of text.matchAll(OPEN)) {
    const [marker, videoId, time] = match;
    if (!videoId) continue;
    const start = (match.index ?? 0) + marker.length;
    const end = text.indexOf(CLOSE, start);
    if (end === -1) continue;
    let content = text.slice(start, end);
    if (time !== undefined) {
      const link = `[${formatTime(Number(time))}](${timeLink(videoId, Number(time))})\n\n`;
      if (content.startsWith(link)) content = content.slice(link.length);
    }
    notes.push(
      time === undefined ? { videoId, content } : { videoId, content, time: Number(time) },
    );
  }
  return notes;
}

/** The same note: same video, same moment, same text. */
export function sameNote(a: PortableNote, b: PortableNote): boolean {
  return (
    a.videoId === b.videoId && a.content === b.content && (a.time ?? null) === (b.time ?? null)
  );
}
