import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseSummary } from '../../contract/courses';
import { apiErrors } from '../../contract/errors';
import type { Video } from '../../contract/entities';
import { StoreError } from '../store/store-error';
import type { OpenedStore } from './api-suite';
import { createHarness, seedVideo } from './api-harness';

const errorOf = (name: keyof typeof apiErrors) => ({ errors: [apiErrors[name].message] });
const ids = (videos: readonly Video[]) => videos.map((video) => video._id);

/**
 * Courses (issue 30): the public list and course, the signed-in user's progress and done marks,
 * and the operators' course writes, run against every Store (memory, SQLite, PostgreSQL).
 */
export function describeCoursesSuite(storeName: string, openStore: () => Promise<OpenedStore>) {
  describe(`courses on ${storeName}`, () => {
    let opened: OpenedStore;
    let h: Awaited<ReturnType<typeof createHarness>>;
    const [v0, v1, v2, v3] = [0, 1, 2, 3].map(seedVideo) as [Video, Video, Video, Video];
    /** A course of two sections: v0, v1 (titled), then v2 (untitled). */
    const course = (slug: string, fields: Partial<Course> = {}): Course => ({
      slug,
      title: `Course ${slug}`,
      description: 'Learn in order.',
      sections: [{ title: 'Basics', lessons: [v0._id, v1._id] }, { lessons: [v2._id] }],
      ...fields,
    });

    beforeAll(async () => {
      opened = await openStore();
      h = await createHarness(opened.store, { counters: opened.counters });
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('lists every course with its lesson count, the same for everyone', async () => {
      expect(await opened.store.upsertCourses([course('list-a'), course('list-b')])).toEqual({
        added: 2,
        updated: 0,
        unchanged: 0,
      });
      const result = await h.call('GET', '/api/courses');
      expect(result.status).toBe(200);
      expect(result.headers.get('etag')).toBeTruthy();
      const listed = result.body.courses.filter((item: { slug: string }) =>
        item.slug.startsWith('list-'),
      );
      expect(listed).toEqual([
        { slug: 'list-a', title: 'Course list-a', description: 'Learn in order.', lessonCount: 3 },
        { slug: 'list-b', title: 'Course list-b', description: 'Learn in order.', lessonCount: 3 },
      ]);
    });

    it("answers one course with its sections and their lessons' videos, in order", async () => {
      await opened.store.upsertCourses([course('one')]);
      const result = await h.call('GET', '/api/courses/one');
      expect(result.status).toBe(200);
      expect(result.body.course).toEqual({
        slug: 'one',
        title: 'Course one',
        description: 'Learn in order.',
        lessonCount: 3,
        sections: [{ title: 'Basics', lessons: [v0, v1] }, { lessons: [v2] }],
      });
    });

    it("gives a course's total length when the catalogue knows every lesson's", async () => {
      const timed = [0, 1].map((index) => ({
        ...seedVideo(index),
        _id: `timed-${index}`,
        duration: 600 + index,
      }));
      await opened.store.upsertVideos(timed);
      await opened.store.upsertCourses([
        course('timed', { sections: [{ lessons: timed.map((video) => video._id) }] }),
        course('part-timed', { sections: [{ lessons: [timed[0]!._id, v0._id] }] }),
      ]);
      const list = (await h.call('GET', '/api/courses')).body.courses as CourseSummary[];
      expect(list.find((item) => item.slug === 'timed')?.duration).toBe(1201);
      const partly = list.find((item) => item.slug === 'part-timed');
      expect(partly).toBeDefined();
      expect(partly).not.toHaveProperty('duration');
      expect((await h.call('GET', '/api/courses/timed')).body.course.duration).toBe(1201);
      expect((await h.call('GET', '/api/courses/part-timed')).body.course).not.toHaveProperty(
        'duration',
      );
    });

    it('answers 404 for an unknown course and for a slug that breaks the rule', async () => {
      for (const slug of ['no-such-course', 'Bad_Slug', '%00', 'a'.repeat(200)]) {
        const result = await h.call('GET', `/api/courses/${slug}`);
        expect(result.status).toBe(404);
        expect(result.body).toEqual(errorOf('courseNotFound'));
      }
    });

    it('imports a course again unchanged, and replaces a changed one (a new ETag)', async () => {
      await opened.store.upsertCourses([course('again')]);
      const before = await h.call('GET', '/api/courses/again');
      expect(await opened.store.upsertCourses([course('again')])).toEqual({
        added: 0,
        updated: 0,
        unchanged: 1,
      });
      const changed = course('again', {
        title: 'Renamed',
        sections: [{ lessons: [v3._id, v0._id] }],
      });
      expect(await opened.store.upsertCourses([changed])).toEqual({
        added: 0,
        updated: 1,
        unchanged: 0,
      });
      const after = await h.call('GET', '/api/courses/again');
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      expect(after.body.course.title).toBe('Renamed');
      expect(after.body.course.sections).toEqual([{ lessons: [v3, v0] }]);
      expect(await opened.store.getCourse('again')).toEqual(changed);
    });

    it('refuses a course whose lesson is no catalogue video, writing none of the call', async () => {
      const bad = course('bad-lesson', { sections: [{ lessons: [v0._id, 'no-such-video'] }] });
      const error = await opened.store
        .upsertCourses([course('good-beside-bad'), bad])
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).fault).toEqual({ kind: 'notFound', thing: 'video' });
      expect(await opened.store.getCourse('good-beside-bad')).toBeUndefined();
      expect(await opened.store.getCourse('bad-lesson')).toBeUndefined();
    });

    it('marks a lesson done and undoes it; progress is lessons done / lessons', async () => {
      await opened.store.upsertCourses([course('marks')]);
      const { token } = await h.signUp();
      const none = await h.call('GET', '/api/user/courses', { token });
      expect(none.status).toBe(200);
      expect(none.body.courses).toEqual([]);

      const marked = await h.call('POST', `/api/user/courses/marks/lessons/${v1._id}/done`, {
        token,
      });
      expect(marked.status).toBe(200);
      expect(marked.body.progress).toMatchObject({
        slug: 'marks',
        title: 'Course marks',
        lessonCount: 3,
        doneCount: 1,
        nextLesson: v0._id,
        updatedAt: expect.any(String),
      });
      expect(marked.body.progress.lessons).toEqual([
        { videoId: v0._id, done: false, marked: false, watched: false },
        { videoId: v1._id, done: true, marked: true, watched: false },
        { videoId: v2._id, done: false, marked: false, watched: false },
      ]);
      // Marking again changes nothing.
      const again = await h.call('POST', `/api/user/courses/marks/lessons/${v1._id}/done`, {
        token,
      });
      expect(again.body.progress.doneCount).toBe(1);

      const exported = await h.call('GET', '/api/user/export', { token });
      expect(exported.body.lessonMarks).toEqual([
        { courseSlug: 'marks', videoId: v1._id, markedAt: marked.body.progress.updatedAt },
      ]);

      const started = await h.call('GET', '/api/user/courses', { token });
      expect(started.body.courses).toEqual([
        {
          slug: 'marks',
          title: 'Course marks',
          lessonCount: 3,
          doneCount: 1,
          nextLesson: v0._id,
          nextLessonNumber: 1,
          updatedAt: marked.body.progress.updatedAt,
        },
      ]);

      const undone = await h.call('DELETE', `/api/user/courses/marks/lessons/${v1._id}/done`, {
        token,
      });
      expect(undone.status).toBe(200);
      expect(undone.body.progress.doneCount).toBe(0);
      expect(undone.body.progress.lessons[1]).toEqual({
        videoId: v1._id,
        done: false,
        marked: false,
        watched: false,
      });
      const undoneAgain = await h.call('DELETE', `/api/user/courses/marks/lessons/${v1._id}/done`, {
        token,
      });
      expect(undoneAgain.status).toBe(200);
      expect((await h.call('GET', '/api/user/courses', { token })).body.courses).toEqual([]);
    });

    it("counts a lesson watched to 90% of its length as done (the user's saved position)", async () => {
      await opened.store.upsertCourses([course('watched')]);
      const { token } = await h.signUp();
      const save = (videoId: string, body: object) =>
        h.call('POST', `/api/user/progress/${videoId}`, { token, body });
      expect((await save(v0._id, { seconds: 90, duration: 100 })).status).toBe(200);
      await save(v1._id, { seconds: 89, duration: 100 });
      await save(v2._id, { seconds: 500 });
      const result = await h.call('GET', '/api/user/courses/watched', { token });
      expect(result.status).toBe(200);
      expect(result.body.progress).toMatchObject({
        doneCount: 1,
        nextLesson: v1._id,
        nextLessonNumber: 2,
      });
      expect(
        result.body.progress.lessons.map((lesson: { watched: boolean }) => lesson.watched),
      ).toEqual([true, false, false]);
      const started = await h.call('GET', '/api/user/courses', { token });
      expect(started.body.courses.map((item: { slug: string }) => item.slug)).toContain('watched');
      // Every lesson done: no next lesson.
      await h.call('POST', `/api/user/courses/watched/lessons/${v1._id}/done`, { token });
      const all = await h.call('POST', `/api/user/courses/watched/lessons/${v2._id}/done`, {
        token,
      });
      expect(all.body.progress.doneCount).toBe(3);
      expect(all.body.progress).not.toHaveProperty('nextLesson');
      expect(all.body.progress).not.toHaveProperty('nextLessonNumber');
    });

    it('answers 404 for a lesson not in the course or an unknown course, 401 signed out', async () => {
      await opened.store.upsertCourses([course('refusals')]);
      const { token } = await h.signUp();
      const notLesson = await h.call('POST', `/api/user/courses/refusals/lessons/${v3._id}/done`, {
        token,
      });
      expect(notLesson.status).toBe(404);
      expect(notLesson.body).toEqual(errorOf('lessonNotFound'));
      for (const path of [
        `/api/user/courses/nope/lessons/${v0._id}/done`,
        `/api/user/courses/NOPE/lessons/${v0._id}/done`,
      ]) {
        for (const method of ['POST', 'DELETE']) {
          const result = await h.call(method, path, { token });
          expect(result.status).toBe(404);
          expect(result.body).toEqual(errorOf('courseNotFound'));
        }
      }
      const unknown = await h.call('GET', '/api/user/courses/nope', { token });
      expect(unknown.body).toEqual(errorOf('courseNotFound'));
      const odd = await h.call('POST', '/api/user/courses/refusals/lessons/%00/done', { token });
      expect(odd.status).toBe(404);
      const signedOut = await h.call('POST', `/api/user/courses/refusals/lessons/${v0._id}/done`);
      expect(signedOut.status).toBe(401);
      expect((await h.call('GET', '/api/user/courses')).status).toBe(401);
    });

    it('removes a course with its marks, and a removed video from its courses', async () => {
      const extra: Video = { ...v0, _id: 'course-extra-video', title: 'Extra lesson' };
      await opened.store.upsertVideos([extra]);
      await opened.store.upsertCourses([
        course('removals', { sections: [{ lessons: [extra._id, v1._id] }] }),
      ]);
      const { token } = await h.signUp();
      await h.call('POST', `/api/user/courses/removals/lessons/${extra._id}/done`, { token });
      await h.call('POST', `/api/user/courses/removals/lessons/${v1._id}/done`, { token });
      expect(await opened.store.removeVideos([extra._id])).toBe(1);
      const course1 = await h.call('GET', '/api/courses/removals');
      expect(ids(course1.body.course.sections[0].lessons)).toEqual([v1._id]);
      const progress = await h.call('GET', '/api/user/courses/removals', { token });
      expect(progress.body.progress).toMatchObject({ lessonCount: 1, doneCount: 1 });

      expect(await opened.store.removeCourses(['removals', 'never-was'])).toBe(1);
      expect((await h.call('GET', '/api/courses/removals')).status).toBe(404);
      expect((await h.call('GET', '/api/user/courses', { token })).body.courses).toEqual([]);
      // The same slug imported again starts without the old marks.
      await opened.store.upsertCourses([course('removals', { sections: [{ lessons: [v1._id] }] })]);
      const fresh = await h.call('GET', '/api/user/courses/removals', { token });
      expect(fresh.body.progress.doneCount).toBe(0);
    });
  });
}
