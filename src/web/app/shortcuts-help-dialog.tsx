import { Modal } from '../components/ui/modal';
import { shortcutHelp } from '../lib/shortcuts';
import styles from './shortcuts-help.module.css';

/** The keyboard shortcuts' help dialog (its own chunk: loaded on the first '?'). */
export default function ShortcutsHelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" open onClose={onClose}>
      <dl className={styles.list}>
        {shortcutHelp.map(({ key, action }) => (
          <div key={key} className={styles.row}>
            <dt>
              <kbd className={styles.key}>{key}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>
        On the watch page the player&apos;s keys work wherever the focus is, except in a text field;
        inside the player YouTube&apos;s other keys (m, arrows) work too.
      </p>
    </Modal>
  );
}
