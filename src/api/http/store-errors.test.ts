import { describe, expect, it } from 'vitest';
import { apiErrors, type ApiErrorName } from '../../contract/errors';
import { StoreError } from '../store/store-error';
import { apiErrorOf, unstorableTextMessage } from './store-errors';

const answerOf = (error: StoreError) => {
  const { status, messages } = apiErrorOf(error);
  return { status, messages };
};
const catalogued = (name: ApiErrorName) => ({
  status: apiErrors[name].status,
  messages: [apiErrors[name].message],
});

describe("a store's refusal at the API's edge", () => {
  it('answers a duplicate with the catalogued message of its list (409), a taken email with 422', () => {
    expect(answerOf(StoreError.duplicate('likes'))).toEqual(catalogued('alreadyLiked'));
    expect(answerOf(StoreError.duplicate('watchlater'))).toEqual(catalogued('alreadyLiked'));
    expect(answerOf(StoreError.duplicate('history'))).toEqual(catalogued('alreadyInHistory'));
    expect(answerOf(StoreError.duplicate('playlist'))).toEqual(catalogued('alreadyInPlaylist'));
    expect(answerOf(StoreError.duplicate('users'))).toEqual(catalogued('emailExists'));
  });

  it('answers a missing thing with its 404', () => {
    expect(answerOf(StoreError.notFound('playlist'))).toEqual(catalogued('playlistNotFound'));
    expect(answerOf(StoreError.notFound('note'))).toEqual(catalogued('noteNotFound'));
    expect(answerOf(StoreError.notFound('todo'))).toEqual(catalogued('todoNotFound'));
    expect(answerOf(StoreError.notFound('user'))).toEqual(catalogued('userNotFound'));
  });

  it('answers text the database cannot hold with a 422 that says why', () => {
    expect(answerOf(StoreError.unstorableText())).toEqual({
      status: 422,
      messages: [unstorableTextMessage],
    });
    expect(unstorableTextMessage).toBe('Text must not contain the NUL character.');
  });
});
