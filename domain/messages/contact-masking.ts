import { replaceContactDetails } from '../text.ts';

export type ParticipantRole = 'enquirer' | 'lister';

export const HIDDEN_CONTACT_DETAILS = '[contact details hidden until you have both replied]';

/**
 * Whether both sides have replied, so contact details may be shown as written: the lister has
 * answered, and the enquirer has written again after their opening enquiry. Until then a
 * scammer cannot move a first contact off Roost.
 */
export function haveBothReplied(senderRoles: readonly ParticipantRole[]): boolean {
  let enquirerMessages = 0;
  let listerMessages = 0;
  for (const role of senderRoles) {
    if (role === 'enquirer') enquirerMessages += 1;
    else listerMessages += 1;
  }
  return listerMessages >= 1 && enquirerMessages >= 2;
}

/**
 * A message as its reader sees it: their own words as written; the other party's with e-mail
 * addresses, phone numbers and links hidden until both have replied. The stored text is never
 * changed, so details appear as written once the conversation is established.
 */
export function messageTextFor(
  message: { body: string; senderRole: ParticipantRole },
  reader: { role: ParticipantRole; haveBothReplied: boolean },
): string {
  if (message.senderRole === reader.role || reader.haveBothReplied) return message.body;
  return replaceContactDetails(message.body, HIDDEN_CONTACT_DETAILS);
}
