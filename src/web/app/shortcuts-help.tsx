import { useEffect, useState } from 'react';
import { Modal } from '../components/ui/modal';
import { installShortcutListener, shortcutHelp, useShortcut } from '../lib/shortcuts';
import styles from './shortcuts-help.module.css';

/** Installs the keyboard shortcuts and shows their help dialog on '?'. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  useEffect(() => installShortcutListener(), []);
  useShortcut('?', () => setOpen(true));

  return (
    <Modal title="Keyboard shortcuts" open={open} onClose={() => setOpen(false)}>
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
