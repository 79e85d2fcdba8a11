/** product §2 and §8's playlist texts, word for word. */
export const playlistTexts = {
  heading: 'Playlists',
  create: 'Create Playlist',
  creating: 'Creating playlist...',
  created: 'Playlist created successfully!',
  deleting: 'Deleting playlist...',
  deleted: 'Playlist deleted successfully.',
  adding: 'Adding video to playlist...',
  added: 'Video added to playlist',
  removing: 'Removing video...',
  removed: 'Video removed successfully.',
  save: 'Save to playlist',
  remove: 'Remove from Playlist',
  emptyList: 'No playlists added yet.',
  noneCreated: 'No playlist created.',
  emptyPlaylist: 'No videos in this playlist.',
} as const;
