import { act, fireEvent, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect } from 'vitest';
import { DataProvider } from '../data/data-provider';
import { api, setTransport } from '../lib/api-client';
import type { MockBackend } from '../mock/mock-backend';
import { storeAuth } from '../state/auth-storage';
import { StoreProvider } from '../state/store-provider';
import { signInToMockBackend } from './mock-session';

/**
 * A screen as a signed-in user has it: the in-page mock API signed in with the test account
 * (mock-session.ts) and the session kept as the app keeps it (user u1, Ada Lovelace). Resolves to
 * the backend, for a test that puts its own transport in front of it.
 */
export async function signInWithSession(): Promise<MockBackend> {
  const backend = await signInToMockBackend();
  storeAuth('the stored token', {
    _id: 'u1',
    email: 'e@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
  } as never);
  return backend;
}

/** Renders `ui` in the app's store and data providers, at `path`: its lists load as on start. */
export function renderInApp(ui: ReactNode, path = '/') {
  return render(
    <StoreProvider>
      <DataProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </DataProvider>
    </StoreProvider>,
  );
}

/** Puts `value` in a text box in one change, as a paste would. */
export const typeInto = (box: HTMLElement, value: string) =>
  act(async () => fireEvent.change(box, { target: { value } }));

/** Saves a note on `videoId` through the API, as the signed-in user. */
export function postNote(videoId: string, note: { content: string; time?: number }) {
  return api.call('POST /api/user/notes/{videoId}', { params: { videoId }, body: { note } });
}

/** Answers the calls `failing` names with a 500, the others from the mock backend. */
export function failWhen(backend: MockBackend, failing: (request: Request) => boolean) {
  setTransport(async (request) =>
    failing(request)
      ? Response.json({ errors: ['Internal Server Error'] }, { status: 500 })
      : backend.handle(request),
  );
}

/**
 * The mock backend, with the calls a test names held until it lets them through (or answers
 * them with a 500 instead).
 */
export function holdCalls(backend: MockBackend, held: (request: Request) => boolean) {
  const waiting: { request: Request; answer: (response: Response) => void }[] = [];
  setTransport((request) => {
    if (!held(request)) return backend.handle(request);
    return new Promise((answer) => waiting.push({ request, answer }));
  });
  const take = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    return waiting.shift()!;
  };
  return {
    release: async () => {
      const { request, answer } = await take();
      answer(await backend.handle(request));
    },
    fail: async () => {
      const { answer } = await take();
      answer(Response.json({ errors: ['Internal Server Error'] }, { status: 500 }));
    },
  };
}
