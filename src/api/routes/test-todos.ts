import { Hono } from 'hono';
import { todoBodySchema } from '../../contract/requests';
import type { ApiDeps } from '../context';
import { ApiError } from '../http/errors';
import { readBody } from '../http/read-body';

/** The request tester's default resource: a small shared list of todos. */
export function testTodoRoutes({ store }: ApiDeps) {
  return new Hono()
    .get('/', async (c) => c.json({ todos: await store.listTodos() }))
    .post('/', async (c) => {
      const { title, completed = false } = await readBody(c, todoBodySchema);
      await store.addTodo({ title, completed });
      return c.json({ todos: await store.listTodos() }, 201);
    })
    .delete('/:todoId', async (c) => {
      if (!(await store.deleteTodo(c.req.param('todoId')))) throw ApiError.of('todoNotFound');
      return c.json({ todos: await store.listTodos() });
    });
}
