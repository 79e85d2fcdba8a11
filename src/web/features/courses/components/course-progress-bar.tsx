import { doneText } from '../course-texts';
import styles from './courses.module.css';

/** How many lessons of a course are done: a bar, and the same in words. */
export function CourseProgressBar({
  done,
  total,
  label,
}: {
  done: number;
  total: number;
  label: string;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const text = doneText(done, total);
  return (
    <div className={styles.progress}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className={styles.track}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.meta}>{text}</span>
    </div>
  );
}
