import styles from './category-chips.module.css';

interface CategoryChipsProps {
  categories: string[];
  selected: string;
  onSelect: (category: string) => void;
}

/** product §2: 'All' plus each category name, one of them pressed. */
export function CategoryChips({ categories, selected, onSelect }: CategoryChipsProps) {
  return (
    <div className={styles.chips} role="group" aria-label="Categories">
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
