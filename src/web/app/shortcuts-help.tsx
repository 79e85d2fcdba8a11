import { lazy, Suspense, useEffect, useState } from 'react';
import { installShortcutListener, useShortcut } from '../lib/shortcuts';
import { retryingImport } from '../lib/retrying-import';

/** The help dialog's code, loaded on the first '?': no page needs it to show or to start. */
const ShortcutsHelpDialog = lazy(retryingImport(() => import('./shortcuts-help-dialog')));

/** Installs the keyboard shortcuts and shows their help dialog on '?'. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  useEffect(() => installShortcutListener(), []);
  useShortcut('?', () => setOpen(true));
  return open ? (
    <Suspense fallback={null}>
      <ShortcutsHelpDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
