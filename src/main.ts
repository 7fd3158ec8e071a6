/**
 * The gateway process: `npm start` runs it through tsx, `npm run start:prod` (and
 * `node dist/main.js` in a container) runs the build. See `start-command.ts`.
 */
import { run } from './start-command.ts';

// Exit explicitly: closed clients may leave idle keep-alive sockets or timers behind.
process.exit(await run(process.argv.slice(2)));
