import { Hono } from 'hono';
import { SESSION_RECORDING_MOCK_ID } from '../../contract/session-recording';
import type { Db } from '../store/db';
import { sessionRecordingSettings } from '../store/settings';

/** The refusal of a call with a query: the call takes none (platform spec, section 7). */
export const SESSION_RECORDING_NO_PARAMETERS = 'This call takes no parameters.';
/** A production store without a recording account: no mock id, the call is not there (recording off). */
export const SESSION_RECORDING_NOT_SET_UP = 'This store has no session recording account.';

/**
 * `GET /api/commerce/fullstory/getId`: the session recording account and its sample share. Without
 * an account the demo answers the automated mock id; production answers 404.
 */
export function sessionRecordingRoutes(db: Db, { demo }: { demo: boolean }): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    if (new URL(c.req.url).search !== '') return c.json({ message: SESSION_RECORDING_NO_PARAMETERS }, 400);
    const answer = sessionRecordingSettings(db);
    if (!demo && answer.id === SESSION_RECORDING_MOCK_ID) return c.json({ message: SESSION_RECORDING_NOT_SET_UP }, 404);
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
