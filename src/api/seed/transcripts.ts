import type { Transcript, TranscriptCue } from '../../contract/entities';

/** Lines said one after another, each `seconds` long, from `from`. */
const said = (from: number, seconds: number, lines: string[]): TranscriptCue[] =>
  lines.map((text, index) => ({
    start: from + index * seconds,
    end: from + (index + 1) * seconds,
    text,
  }));

/**
 * Short transcripts of the six seed videos' openings (written for CodeTube, not the videos' own
 * captions), so the Transcript panel and the search by what is said work in mock mode and on a
 * fresh server.
 */
export const seedTranscripts: Transcript[] = [
  {
    videoId: 'No8qdcVYiQw',
    language: 'en',
    cues: said(0, 5, [
      'Hi everyone, in this video we get started with HTML5.',
      'Every web page begins with a doctype and an html element.',
      'Inside it, the head holds the title and the metadata.',
      'The body holds everything the visitor actually sees.',
      'Headings go from h1, the most important, down to h6.',
      'A paragraph is written with the p element.',
      'Links use the anchor element and its href attribute.',
      'Save the file, open it in a browser, and there is your first page.',
    ]),
  },
  {
    videoId: 'pQN-pnXPaVg',
    language: 'en',
    cues: said(2, 6, [
      'Welcome to this full course on building a website.',
      'We will start from an empty folder and a text editor.',
      'First we sketch the layout: a header, a main area and a footer.',
      'Semantic elements tell browsers and screen readers what each part is.',
      'Images need an alt text that describes them.',
      'Forms collect input with labels tied to their fields.',
      'Tables are for tabular data, never for page layout.',
      'By the end you will publish the site for everyone to visit.',
    ]),
  },
  {
    videoId: '1PnVor36_40',
    language: 'en',
    cues: said(0, 4, [
      'In the next twenty minutes you will learn the basics of styling.',
      'A rule is a selector followed by declarations in braces.',
      'Class selectors start with a dot and can be reused anywhere.',
      'The box model is content, padding, border and margin.',
      'Flexbox lines items up along one axis.',
      'Grid places them in rows and columns at once.',
      'Media queries adapt the layout to the size of the screen.',
      'Keep your stylesheet tidy and your pages will thank you.',
    ]),
  },
  {
    videoId: 'PkZNo7MFNFg',
    language: 'en',
    cues: said(0, 5, [
      'This course teaches the language of the web from the very beginning.',
      'Variables are declared with let and const.',
      'Functions take arguments and return values.',
      'A closure is a function that remembers the variables around it,',
      'even after the outer function has returned.',
      'Arrays keep values in order; objects keep them by name.',
      'Loops repeat work, and conditionals choose between paths.',
      'By the end you will write small programs on your own.',
    ]),
  },
  {
    videoId: 'QCRpVw2KXf8',
    language: 'en',
    cues: said(0, 4, [
      'What is the shortest program you can write?',
      'An empty file, and yet the engine still does some work.',
      'It creates the global execution context.',
      'In the browser, the global object is called window.',
      'At the top level, the this keyword points to that global object.',
      'So this and window are the same thing there.',
      'Keep that in mind for the episodes to come.',
    ]),
  },
  {
    videoId: 'yLZazznWoAs',
    language: 'en',
    cues: said(1, 5, [
      'Let us see how scripts run inside a web page.',
      'The script element loads your code.',
      'The document object model is the page as a tree of nodes.',
      'You can select an element and change its text.',
      'Event listeners react to clicks and key presses.',
      'The console in the developer tools shows your logs and errors.',
      'That is all you need to make a page interactive.',
    ]),
  },
];
