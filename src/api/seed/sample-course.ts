import type { Course } from '../../contract/courses';

/**
 * Mock mode's sample course (issue 30), made of the six seed videos: every course screen works
 * without a server. A server's courses come from the catalogue CLI.
 */
export const sampleCourses: Course[] = [
  {
    slug: 'web-development-basics',
    title: 'Web development basics',
    description:
      'HTML, then CSS, then JavaScript: the six seed videos, in the order to learn them.',
    sections: [
      { title: 'HTML', lessons: ['No8qdcVYiQw', 'pQN-pnXPaVg'] },
      { title: 'CSS', lessons: ['1PnVor36_40'] },
      { title: 'JavaScript', lessons: ['PkZNo7MFNFg', 'QCRpVw2KXf8', 'yLZazznWoAs'] },
    ],
  },
];
