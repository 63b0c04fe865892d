/**
 * Who may see contact details in a conversation. The masking itself runs on the server
 * (`server/marketplace/messages/message-as-read-by.ts`): the detector is too heavy for the
 * browser bundle.
 */
export type ParticipantRole = 'enquirer' | 'lister';

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
