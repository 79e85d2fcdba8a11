import type { Video } from '../../contract/entities';

const avatar = (channel: string) =>
  `https://ui-avatars.com/api/?name=${encodeURIComponent(channel)}&size=88&background=random`;

/** The six videos of the original catalogue (`_id` is the YouTube id). */
export const seedVideos: Video[] = [
  {
    _id: 'No8qdcVYiQw',
    title: 'Getting started with HTML5',
    channelName: 'Tanay Pratap',
    views: 40143,
    uploadedOn: '2020-11-22',
    avatar: avatar('Tanay Pratap'),
    description:
      'A first look at HTML5 for complete beginners: what a tag is, how a page is structured and how to see your first page in the browser.',
    categoryName: 'HTML',
  },
  {
    _id: 'pQN-pnXPaVg',
    title: 'HTML Full Course - Build a Website Tutorial',
    channelName: 'freeCodeCamp.org',
    views: 5295078,
    uploadedOn: '2018-09-18',
    avatar: avatar('freeCodeCamp.org'),
    description:
      'A complete HTML course that builds a small website from scratch, covering text, links, images, lists, tables and forms along the way, with a short exercise after every lesson.',
    categoryName: 'HTML',
  },
  {
    _id: '1PnVor36_40',
    title: 'Learn CSS in 20 Minutes',
    channelName: 'Web Dev Simplified',
    views: 808418,
    uploadedOn: '2018-08-23',
    avatar: avatar('Web Dev Simplified'),
    description:
      'The core of CSS in one short sitting: selectors, the box model, colours, units and how the cascade decides which rule wins.',
    categoryName: 'CSS',
  },
  {
    _id: 'PkZNo7MFNFg',
    title: 'Learn JavaScript - Full Course for Beginners',
    channelName: 'freeCodeCamp.org',
    views: 8848594,
    uploadedOn: '2018-12-10',
    avatar: avatar('freeCodeCamp.org'),
    description:
      'Variables, functions, arrays, objects, loops and more: a long, hands-on introduction to JavaScript with a small challenge after each topic.',
    categoryName: 'Javascript',
  },
  {
    _id: 'QCRpVw2KXf8',
    title: 'SHORTEST JS Program 🔥window & this keyword | Namaste JavaScript Ep. 5',
    channelName: 'Akshay Saini',
    views: 136615,
    uploadedOn: '2020-10-23',
    avatar: avatar('Akshay Saini'),
    description:
      'What the JavaScript engine sets up even for an empty file: the global execution context, the window object and what this points to at the top level.',
    categoryName: 'Javascript',
  },
  {
    _id: 'yLZazznWoAs',
    title: 'JavaScript in the browser!',
    channelName: 'Tanay Pratap',
    views: 50654,
    uploadedOn: '2020-11-28',
    avatar: avatar('Tanay Pratap'),
    description:
      'How JavaScript runs inside a web page: adding a script, selecting elements from the DOM and reacting to what the user does.',
    categoryName: 'Javascript',
  },
];
