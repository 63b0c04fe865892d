import { TextField } from './ui/text-field';

type SenderField = 'name' | 'email' | 'phone';

interface SenderFieldsProps {
  /** Prefixes the controls' ids (`<idPrefix>-name`, …), unique on the page. */
  idPrefix: string;
  /** What each control starts with: the last answer sent, or the signed-in user's details. */
  values: Partial<Record<SenderField, string | undefined>>;
  errors: Partial<Record<SenderField, string>>;
  emailHint?: string;
  phoneLabel?: string;
}

/** Who a message is from: name, e-mail address (for the reply) and, optionally, a phone number. */
export function SenderFields({
  idPrefix,
  values,
  errors,
  emailHint,
  phoneLabel = 'Phone number (optional)',
}: SenderFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label="Your name"
        error={errors.name}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={values.name}
      />
      <TextField
        id={`${idPrefix}-email`}
        label="E-mail address"
        hint={emailHint}
        error={errors.email}
        name="email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
        defaultValue={values.email}
      />
      <TextField
        id={`${idPrefix}-phone`}
        label={phoneLabel}
        error={errors.phone}
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={values.phone}
      />
    </>
  );
}
