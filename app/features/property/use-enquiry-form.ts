import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigation } from 'react-router';
import { enquiryInputFromForm, enquirySchema } from '@domain/enquiry/enquiry-schema';
import { fieldErrorsOf } from '@domain/validation/field-errors';
import type { PropertyFormResult } from './property-types';

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
    if (clientErrors) clientAlertRef.current?.focus();
  }, [clientErrors]);
  const checkBeforeSending = (event: FormEvent<HTMLFormElement>) => {
    const parsed = enquirySchema.safeParse(enquiryInputFromForm(formValues(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
    } else {
      event.preventDefault();
      setClientErrors(fieldErrorsOf(parsed.error));
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
