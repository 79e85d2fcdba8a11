import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildVideo } from '../../testing/factories';
import { CourseLessons } from './components/course-lessons';
import { courseLength, courseSize } from './course-texts';

afterEach(cleanup);

describe("a course's length", () => {
  it('is said to the minute, in hours and minutes', () => {
    expect(courseLength(45 * 60 + 20)).toBe('45 minutes');
    expect(courseLength(20)).toBe('1 minute');
    expect(courseLength(3600)).toBe('1 hour');
    expect(courseLength(2 * 3600 + 5 * 60 + 10)).toBe('2 hours 5 minutes');
    expect(courseLength(3600 + 60)).toBe('1 hour 1 minute');
  });

  it('follows the lesson count when known, and is left out when not', () => {
    expect(courseSize({ lessonCount: 6, duration: 7500 })).toBe('6 lessons · 2 hours 5 minutes');
    expect(courseSize({ lessonCount: 1 })).toBe('1 lesson');
  });

  it("shows each lesson's length after its title, said in words", () => {
    const timed = buildVideo({ _id: 'a', title: 'Selectors', duration: 725 });
    const untimed = buildVideo({ _id: 'b', title: 'Flexbox' });
    render(
      <MemoryRouter>
        <CourseLessons
          course={{
            slug: 'css',
            title: 'CSS',
            description: '',
            lessonCount: 2,
            sections: [{ lessons: [timed, untimed] }],
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Selectors 12 minutes, 5 seconds' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Flexbox' })).toBeTruthy();
    expect(screen.getByText('12:05')).toBeTruthy();
  });
});
