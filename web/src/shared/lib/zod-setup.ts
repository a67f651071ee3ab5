// Imported first by app/start.tsx. zod compiles a fast parser (`new Function`) the first time each object
// schema parses; this app parses most schemas once or a few times per page (one API answer each), so
// the compile costs more main-thread time at start-up than it saves. Parsing results are the same.
import * as z from 'zod/mini';

z.config({ jitless: true });
