import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { DataProvider } from '../data/data-provider';
import { api, setTokenSource, setTransport } from '../lib/api-client';
import { createMockBackend } from '../mock/mock-backend';
import { storeAuth, storedToken } from '../state/auth-storage';
import { StoreProvider } from '../state/store-provider';
import CoursePage from './course-page';
import CoursesPage from './courses-page';
import { WatchCourse } from './watch-course';

/** The mock's sample course (api/seed/sample-course.ts), as the screens show it. */
const course = {
  slug: 'web-development-basics',
  title: 'Web development basics',
  sections: [{ title: 'HTML' }, { title: 'CSS' }, { title: 'JavaScript' }],
};

/** A fresh in-page backend (its sample course), optionally signed in, the screen at `path`. */
async function show(
  path: string,
  screenElement: ReactNode,
  signedIn = false,
  prepare: () => Promise<void> = async () => {},
) {
  localStorage.clear();
  const backend = await createMockBackend(localStorage);
  setTransport((request) => backend.handle(request));
  setTokenSource(storedToken);
  if (signedIn) {
    const { foundUser, encodedToken } = (
      await api.call('POST /api/auth/login', { body: TEST_ACCOUNT })
    ).data;
    storeAuth(encodedToken, foundUser);
    await prepare();
  }
  render(
    <StoreProvider>
      <DataProvider>
        <MemoryRouter initialEntries={[path]}>{screenElement}</MemoryRouter>
      </DataProvider>
    </StoreProvider>,
  );
  return backend;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the courses screens', () => {
  it('lists every course with its lesson count, linked to the course', async () => {
    await show('/courses', <CoursesPage />);
    const link = await screen.findByRole('link', { name: course.title });
    expect(link.getAttribute('href')).toBe(`/course/${course.slug}`);
    expect(screen.getByText('6 lessons')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says when there are no courses, and offers Try again when the list fails', async () => {
    localStorage.clear();
    let answer: 'none' | 'fail' = 'none';
    setTransport(async () =>
      answer === 'none'
        ? Response.json({ courses: [] })
        : Response.json({ errors: ['Internal Server Error'] }, { status: 500 }),
    );
    setTokenSource(() => null);
    render(
      <StoreProvider>
        <DataProvider>
          <MemoryRouter initialEntries={['/courses']}>
            <CoursesPage />
          </MemoryRouter>
        </DataProvider>
      </StoreProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeTruthy();
    cleanup();
    answer = 'fail';
    render(
      <StoreProvider>
        <DataProvider>
          <MemoryRouter initialEntries={['/courses']}>
            <CoursesPage />
          </MemoryRouter>
        </DataProvider>
      </StoreProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a course in order, starts it, marks a lesson done and undoes it', async () => {
    await show(`/course/${course.slug}`, <CoursePage />, true);
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    for (const section of course.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.title })).toBeTruthy();
    }
    const start = await screen.findByRole('link', { name: 'Start course' });
    expect(start.getAttribute('href')).toBe(`/watch/No8qdcVYiQw?course=${course.slug}`);

    const mark = await screen.findByRole('button', { name: 'Mark done: Learn CSS in 20 Minutes' });
    fireEvent.click(mark);
    const undo = await screen.findByRole('button', { name: 'Undo done: Learn CSS in 20 Minutes' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '1 of 6 lessons done',
    );
    const go = screen.getByRole('link', { name: 'Continue: lesson 1' });
    expect(go.getAttribute('href')).toBe(`/watch/No8qdcVYiQw?course=${course.slug}`);

    fireEvent.click(undo);
    await screen.findByRole('button', { name: 'Mark done: Learn CSS in 20 Minutes' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '0 of 6 lessons done',
    );
  });

  it('says when every lesson is done, and offers to watch again', async () => {
    const lessons = [
      'No8qdcVYiQw',
      'pQN-pnXPaVg',
      '1PnVor36_40',
      'PkZNo7MFNFg',
      'QCRpVw2KXf8',
      'yLZazznWoAs',
    ];
    await show(`/course/${course.slug}`, <CoursePage />, true, async () => {
      for (const videoId of lessons) {
        await api.call('POST /api/user/courses/{slug}/lessons/{videoId}/done', {
          params: { slug: course.slug, videoId },
        });
      }
    });
    expect(await screen.findByText('All lessons done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch again' }).getAttribute('href')).toBe(
      `/watch/No8qdcVYiQw?course=${course.slug}`,
    );
    expect(screen.queryByRole('link', { name: /^Continue/ })).toBeNull();
  });

  it('says an unknown course is not found', async () => {
    await show('/course/no-such-course', <CoursePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeTruthy();
  });

  it('shows the course beside the player: this lesson, its place, Previous and Next', async () => {
    await show(`/watch/1PnVor36_40?course=${course.slug}`, <WatchCourse videoId="1PnVor36_40" />);
    expect(await screen.findByText('Lesson 3 of 6')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: `${course.title}: lessons` });
    expect(within(nav).getByRole('link', { name: 'Previous lesson' }).getAttribute('href')).toBe(
      `/watch/pQN-pnXPaVg?course=${course.slug}`,
    );
    expect(within(nav).getByRole('link', { name: 'Next lesson' }).getAttribute('href')).toBe(
      `/watch/PkZNo7MFNFg?course=${course.slug}`,
    );
    const current = screen.getByRole('link', { name: /Learn CSS in 20 Minutes/ });
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it('shows nothing beside the player without ?course=', async () => {
    await show('/watch/1PnVor36_40', <WatchCourse videoId="1PnVor36_40" />);
    await waitFor(() => expect(screen.queryByText(/Lesson \d+ of/)).toBeNull());
  });
});
