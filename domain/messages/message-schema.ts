import { z } from 'zod';
import { normaliseText } from '../text.ts';

export const MESSAGE_MAX_LENGTH = 3000;

/** A reply in a conversation, in the browser and on the server. */
export const messageSchema = z.object({
  body: z
    .string({ message: 'Write a message' })
    .transform(normaliseText)
    .pipe(
      z
        .string()
        .min(2, 'Write a message')
        .max(MESSAGE_MAX_LENGTH, 'Keep the message under 3,000 characters'),
    ),
});

export type MessageInput = z.infer<typeof messageSchema>;
