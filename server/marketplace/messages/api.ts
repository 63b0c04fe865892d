import type { Request, Response, Router } from 'express';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { AppError } from '../../http/app-error.ts';
import type { Marketplace } from '../marketplace.ts';

type Params = Record<string, string>;

function idParam(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', `No such ${what}.`);
  return id;
}

/** The signed-in person's conversations (`/me/threads`) and reporting a message. */
export function mountMessagesApi(api: Router, { messages }: Pick<Marketplace, 'messages'>): void {
  const signedIn = (res: Response) => requireApiUser(sessionUserOf(res));
  api.get('/me/threads', async (_req, res) => {
    res.json({ threads: await messages.list({ user: signedIn(res) }) });
  });
  api.get('/me/threads/unread-count', async (_req, res) => {
    res.json({ unread: await messages.unreadCount({ user: signedIn(res) }) });
  });
  api.get('/me/threads/:threadId', async (req: Request<Params>, res) => {
    res.json(
      await messages.read({
        user: signedIn(res),
        threadId: idParam(req.params.threadId, 'conversation'),
      }),
    );
  });
  api.post('/me/threads/:threadId/messages', async (req: Request<Params>, res) => {
    const sent = await messages.send({
      user: signedIn(res),
      threadId: idParam(req.params.threadId, 'conversation'),
      input: req.body as unknown,
    });
    res.status(201).json(sent);
  });
  api.post('/me/messages/:messageId/reports', async (req: Request<Params>, res) => {
    const report = await messages.report({
      user: signedIn(res),
      messageId: idParam(req.params.messageId, 'message'),
      input: req.body as unknown,
    });
    res.status(201).json(report);
  });
}
