import type { Context } from 'hono';
import { MAX_OWN_TODOS, TODO_WRITES_PER_MINUTE } from '../../contract/limits';
import { checkSession } from '../auth/require-user';
import { tokenFromHeader } from '../auth/tokens';
import type { ApiDeps } from '../context';
import { memoryCounters } from '../http/counters';
import { ApiError } from '../http/errors';
import { routeHandlers } from '../http/mount-routes';

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

  return routeHandlers({
    'GET /api/test-todos': async (_input, c) => ({
      todos: await store.listTodos(await ownerOf(c)),
    }),
    'POST /api/test-todos': async ({ body: { title, completed = false } }, c) => {
      const owner = await ownerOf(c);
      await countWrite(owner);
      await store.addTodo({ title, completed }, owner);
      await store.trimTodos(owner, MAX_OWN_TODOS);
      return { todos: await store.listTodos(owner) };
    },
    'DELETE /api/test-todos/{todoId}': async ({ params }, c) => {
      const owner = await ownerOf(c);
      await countWrite(owner);
      await store.deleteTodo(params.todoId, owner);
      return { todos: await store.listTodos(owner) };
    },
  });
}
