import { Hono } from 'hono';
import { SESSION_RECORDING_PATH } from '../../contract/session-recording';
import type { Db } from '../store/db';
import { sessionRecordingSettings } from '../store/settings';

/** The refusal of a call with a query: the call takes none (platform spec, section 7). */
export const SESSION_RECORDING_NO_PARAMETERS = 'This call takes no parameters.';

/** `GET /api/commerce/fullstory/getId`: the session recording account and its sample share. */
export function sessionRecordingRoutes(db: Db): Hono {
  const app = new Hono();
  app.get(SESSION_RECORDING_PATH, (c) => {
    if (new URL(c.req.url).search !== '') return c.json({ message: SESSION_RECORDING_NO_PARAMETERS }, 400);
    return c.json(sessionRecordingSettings(db), 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
