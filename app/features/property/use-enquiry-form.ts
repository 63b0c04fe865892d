import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigation } from 'react-router';
import type * as EnquirySchemaModule from '@domain/enquiry/enquiry-schema';
import type * as FieldErrorsModule from '@domain/validation/field-errors';
import type { PropertyFormResult } from './property-types';

interface EnquiryChecks {
  schema: typeof EnquirySchemaModule;
  errors: typeof FieldErrorsModule;
}
let checks: EnquiryChecks | undefined;
let loading: Promise<EnquiryChecks> | undefined;

/**
 * The schema and zod (~21 KB gzip) load when the form is first used rather than with every
 * property page (docs/performance.md): on focus, or at the latest on the first send.
 */
export function loadEnquiryChecks(): Promise<EnquiryChecks> {
  loading ??= Promise.all([
    import('@domain/enquiry/enquiry-schema'),
    import('@domain/validation/field-errors'),
  ]).then(([schema, errors]) => (checks = { schema, errors }));
  return loading;
}

/** The form's string values, as the schema reads them. */
function formValues(form: HTMLFormElement): Record<string, string> {
  const entries = [...new FormData(form).entries()].filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/**
 * The enquiry form's state: the server's answer, and the same zod schema as the server's checked
 * before sending (the server checks again). Focus moves to whichever message appears.
 */
export function useEnquiryForm(actionData: PropertyFormResult) {
  const navigation = useNavigation();
  const result = actionData?.intent === 'enquiry' ? actionData : undefined;
  const failure = result?.status === 'error' ? result : undefined;
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const clientAlertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) statusRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (!clientErrors) return;
    // The first field in error takes focus (its label and message are read out with it); the
    // summary above the form only when no field is marked.
    const form = clientAlertRef.current?.closest('form');
    const firstInvalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? clientAlertRef.current)?.focus();
  }, [clientErrors]);
  const checkBeforeSending = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (!checks) {
      // Not loaded yet: hold the send, load the checks, then send again through this handler.
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void loadEnquiryChecks().then(() => form.requestSubmit(submitter));
      return;
    }
    const { schema, errors } = checks;
    const parsed = schema.enquirySchema.safeParse(schema.enquiryInputFromForm(formValues(form)));
    if (parsed.success) {
      setClientErrors(null);
    } else {
      event.preventDefault();
      setClientErrors(errors.fieldErrorsOf(parsed.error));
    }
  };
  return {
    result,
    failure,
    clientErrors,
    values: failure?.values ?? {},
    fields: clientErrors ?? failure?.fields ?? {},
    isSending:
      navigation.state === 'submitting' && navigation.formData?.get('intent') === 'enquiry',
    statusRef,
    clientAlertRef,
    checkBeforeSending,
  };
}
