import type { Video } from '../../contract/entities';
import { seedVideos } from './videos';

const topics = ['HTML', 'CSS', 'Javascript', 'React Js', 'Node', 'TypeScript', 'SQL', 'Git'];
const forms = ['Crash Course', 'in 10 Minutes', 'Explained', 'Deep Dive', 'for Beginners', 'Tips'];

/**
 * A made-up lesson's chapter lines, as a description lists them (`0:00 Welcome`); the later ones
 * start at times that vary with the lesson's number.
 */
function chapterStarts(number: number): [number, number, number] {
  const second = 60 + (number % 4) * 15;
  const third = second + 120 + (number % 3) * 30;
  return [second, third, third + 300];
}

function chapters(number: number): string {
  const [second, third, recap] = chapterStarts(number);
  const clock = (seconds: number) =>
    `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return `0:00 Welcome\n${clock(second)} The idea\n${clock(third)} Worked example\n${clock(recap)} Recap`;
}

/**
 * `count` made-up videos for trying the app with a large catalogue (SEED_VIDEOS). Deterministic:
 * the same count gives the same videos, each with chapters in its description and a duration that
 * ends one to four minutes after its last chapter starts. A generator, so a million are never
 * all in memory at once. Each borrows a real seed video's channel and avatar;
 * its id names no YouTube video, so its card shows the placeholder thumbnail.
 */
export function* generateVideos(count: number): Generator<Video> {
  for (let index = 0; index < count; index += 1) {
    const topic = topics[index % topics.length] ?? 'HTML';
    const form = forms[Math.floor(index / topics.length) % forms.length] ?? 'Explained';
    const model = seedVideos[index % seedVideos.length] ?? seedVideos[0];
    const number = index + 1;
    yield {
      ...model!,
      _id: `gen-${String(number).padStart(6, '0')}`,
      title: `${topic} ${form} #${number}`,
      views: (number * 7919) % 2_000_000,
      uploadedOn: `20${String(10 + (number % 15)).padStart(2, '0')}-0${(number % 9) + 1}-1${number % 10}`,
      description: `Generated lesson ${number} about ${topic}: ${form.toLowerCase()}.\n\n${chapters(number)}`,
      categoryName: topic,
      duration: chapterStarts(number)[2] + 60 + (number % 5) * 45,
    };
  }
}
