import { Hono, type Context } from 'hono';
import { MAX_OWN_TODOS, TODO_WRITES_PER_MINUTE } from '../../contract/limits';
import { routeSpec } from '../../contract/routes';
import { checkSession } from '../auth/require-user';
import { tokenFromHeader } from '../auth/tokens';
import type { ApiDeps } from '../context';
import { memoryCounters } from '../http/counters';
import { ApiError } from '../http/errors';
import { readBody } from '../http/read-body';

/**
 * The request tester's default resource: an open playground without a shared write surface.
 * Everyone sees the seeded samples plus their own todos; the owner is the signed-in user (a valid
 * token) or else the client's address. Each keeps its newest 20, writes are rate limited, and nobody
 * can delete anyone else's todo or a sample (404, as for another user's playlist).
 */
export function testTodoRoutes(deps: ApiDeps) {
  const { store } = deps;
  const writes = (deps.counters ?? memoryCounters(deps.clock))('todo-writes-per-owner');
  const addressOf = deps.clientAddress ?? (() => 'unknown');
  const todoBody = routeSpec('POST /api/test-todos').body;

  /**
   * The signed-in user when the token opens a session (checked as every signed-in route checks
   * it: a logged-out token opens none), else the client's address.
   */
  async function ownerOf(c: Context): Promise<string> {
    const authorization = c.req.header('authorization');
    if (tokenFromHeader(authorization)) {
      const signedIn = await checkSession(deps, authorization, c.req.method).catch(
        (error: unknown) => {
          if (error instanceof ApiError) return undefined;
          throw error;
        },
      );
      if (signedIn) return `user:${signedIn.user._id}`;
    }
    return `address:${addressOf(c)}`;
  }

  async function countWrite(owner: string) {
    const seen = await writes.add(owner, 1, 60);
    if (seen.count > TODO_WRITES_PER_MINUTE) {
      const error = ApiError.of('tooManyRequests');
      error.limit = 'todo-writes-per-owner';
      error.headers = { 'retry-after': String(Math.max(1, Math.ceil(seen.msBeforeReset / 1000))) };
      throw error;
    }
  }

  return new Hono()
    .get('/', async (c) => c.json({ todos: await store.listTodos(await ownerOf(c)) }))
    .post('/', async (c) => {
      const { title, completed = false } = await readBody(c, todoBody);
      const owner = await ownerOf(c);
      await countWrite(owner);
      await store.addTodo({ title, completed }, owner);
      await store.trimTodos(owner, MAX_OWN_TODOS);
      return c.json({ todos: await store.listTodos(owner) }, 201);
    })
    .delete('/:todoId', async (c) => {
      const owner = await ownerOf(c);
      await countWrite(owner);
      await store.deleteTodo(c.req.param('todoId'), owner);
      return c.json({ todos: await store.listTodos(owner) });
    });
}
