import {
  Clock,
  Flame,
  GraduationCap,
  History,
  Home,
  ListVideo,
  NotebookPen,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';

/** product §2's sidebar links, in order, then the courses (issue 30). */
export const navLinks: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/trending', label: 'Trending', icon: Flame },
  { to: '/history', label: 'History', icon: History },
  { to: '/liked-videos', label: 'Liked Videos', icon: ThumbsUp },
  { to: '/watch-later', label: 'Watch Later', icon: Clock },
  { to: '/playlist', label: 'Playlist', icon: ListVideo },
  { to: '/courses', label: 'Courses', icon: GraduationCap },
  // Issue 31: every note across videos.
  { to: '/notes', label: 'Notes', icon: NotebookPen },
];
