/** A playlist's name as shown; the playlist page's modal lets a blank name through (product §4). */
export function playlistLabel(title: string): string {
  return title.trim() || 'Untitled playlist';
}
