import { Field } from './ui/field';

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
      <Field id={`${idPrefix}-name`} label="Your name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={values.name}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-email`} label="E-mail address" hint={emailHint} error={errors.email}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            defaultValue={values.email}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-phone`} label={phoneLabel} error={errors.phone}>
        {(control) => (
          <input
            {...control}
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone}
          />
        )}
      </Field>
    </>
  );
}
