import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';

/** A user's name (getent, so NSS users too), or `uid <n>` when it has none. */
function userName(uid: number): string {
  const found = spawnSync('getent', ['passwd', String(uid)], { encoding: 'utf8' });
  const name = found.status === 0 ? found.stdout.split(':')[0] : undefined;
  return name ? name : `uid ${uid}`;
}

/**
 * Refuses to create `file` (the SQLite database, the JWT secret) in `folder` when this process
 * runs as another user than the folder's owner: a command run as root in the service's data
 * folder (/var/lib/codetube, the user codetube's) would leave a file of root's, mode 0600, that
 * the service then cannot open (EACCES). A folder that does not exist yet (it is created for this
 * user) and a shared folder with the sticky bit (/tmp) are not checked.
 */
export function refuseForeignDataFolder(folder: string, file: string): void {
  const uid = process.geteuid?.();
  if (uid === undefined) return;
  let owner: number;
  let mode: number;
  try {
    ({ uid: owner, mode } = statSync(folder));
  } catch {
    return;
  }
  if (owner === uid || (mode & 0o1000) !== 0) return;
  const me = userName(uid);
  const them = userName(owner);
  throw new Error(
    `refusing to create ${file} as ${me}: the folder belongs to ${them}, whose server could not ` +
      `open a file of ${me}'s. Run the command as ${them}: \`sudo -u ${them} …\`, or on a deployed ` +
      'server `systemd-run --uid=codetube …` with the service\'s settings (docs/operators.md "Commands on a ' +
      'deployed server")',
  );
}
