/**
 * The bench's way into the real server: src/server/main.ts, imported as it is. A file of its own
 * so that the server's command line is the bench's own: on a shared machine, someone stopping
 * their `src/server/main.ts` processes by name does not stop the bench's servers mid-run.
 */
import '../../src/server/main';
