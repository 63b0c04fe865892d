import { z } from 'zod';
import { CONTACT_TOPICS } from './contact-topics.ts';

/** One schema for the contact form, checked on the server whatever the browser sent. */
export const contactMessageInput = z.object({
  name: z
    .string({ message: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(100, 'Name must be 100 characters or fewer'),
  email: z
    .string({ message: 'Enter your e-mail address' })
    .trim()
    .min(1, 'Enter your e-mail address')
    .max(254, 'E-mail address must be 254 characters or fewer')
    .pipe(
      z.email({
        message: 'Enter an e-mail address in the correct format, like name@example.co.uk',
      }),
    )
    .transform((value) => value.toLowerCase()),
  phone: z
    .string()
    .trim()
    .max(20, 'Phone number must be 20 characters or fewer')
    .regex(
      /^(\+?[\d\s()-]{7,20})?$/,
      'Enter a UK phone number, like 07700 900982, or leave it blank',
    )
    .optional()
    .transform((value) => (value ? value : undefined)),
  topic: z.enum(CONTACT_TOPICS, { message: 'Choose what your message is about' }),
  message: z
    .string({ message: 'Enter your message' })
    .trim()
    .min(10, 'Your message must be at least 10 characters')
    .max(5000, 'Your message must be 5,000 characters or fewer'),
});

export type ContactMessageInput = z.infer<typeof contactMessageInput>;
