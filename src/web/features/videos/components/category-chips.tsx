import { useLayoutEffect, useRef } from 'react';
import styles from './category-chips.module.css';

interface CategoryChipsProps {
  categories: string[];
  selected: string;
  onSelect: (category: string) => void;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Scrolls the row sideways (never the page) so the pressed chip is wholly visible, centred when
 * it was not: a phone opening `/?category=Git` from a link, a reload or back sees which chip is
 * on. The first placement jumps; later ones glide unless the user prefers reduced motion.
 */
function showPressedChip(row: HTMLElement, smooth: boolean) {
  const chip = row.querySelector<HTMLElement>('[aria-pressed="true"]');
  if (!chip) return;
  const view = row.getBoundingClientRect();
  const box = chip.getBoundingClientRect();
  if (box.left >= view.left && box.right <= view.right) return;
  const left = row.scrollLeft + box.left - view.left - (view.width - box.width) / 2;
  const glide = smooth && !window.matchMedia(REDUCED_MOTION).matches;
  row.scrollTo({ left, behavior: glide ? 'smooth' : 'instant' });
}

/** product §2: 'All' plus each category name, one of them pressed. */
export function CategoryChips({ categories, selected, onSelect }: CategoryChipsProps) {
  const row = useRef<HTMLDivElement>(null);
  const placed = useRef(false);
  const pressedShown = categories.includes(selected);

  useLayoutEffect(() => {
    const element = row.current;
    // The names arrive after the first render: wait for the pressed chip to be there.
    if (!element || !pressedShown) return;
    showPressedChip(element, placed.current);
    placed.current = true;
  }, [selected, pressedShown]);

  return (
    <div ref={row} className={styles.chips} role="group" aria-label="Categories">
      {categories.map((category) => (
        <button
          key={category}
          type="button"
          className={category === selected ? styles.selected : styles.chip}
          aria-pressed={category === selected}
          onClick={() => onSelect(category)}
        >
          {category}
        </button>
      ))}
    </div>
  );
}
