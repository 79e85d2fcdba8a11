/** The texts of playlists that play (issue 30): order, Play all, the playlist beside the player. */
export const playlistPlayTexts = {
  playAll: 'Play all',
  moveUp: 'Move up',
  moveDown: 'Move down',
  previous: 'Previous',
  next: 'Next',
  reorderHelp: 'Press the Up or Down arrow key to move it. It can be dragged too.',
  cancel: 'Cancel',
  playNow: 'Play now',
  reorder: (title: string) => `Reorder: ${title}`,
  watched: (watched: number, total: number) => `${watched} of ${total} watched`,
  moved: (title: string, position: number, total: number) =>
    `${title} moved to position ${position} of ${total}.`,
  position: (position: number, total: number) => `${position} / ${total}`,
  upNext: (title: string) => `Up next: ${title}`,
  startsIn: (seconds: number) => `Starts in ${seconds} s`,
} as const;

/** The watch page of a video played from a playlist: the playlist beside the player. */
export function playlistWatchUrl(videoId: string, playlistId: string): string {
  return `/watch/${encodeURIComponent(videoId)}?list=${encodeURIComponent(playlistId)}`;
}
