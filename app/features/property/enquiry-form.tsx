import { Form } from 'react-router';
import { SenderFields } from '~/components/sender-fields';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/choice-group';
import { Field } from '~/components/ui/field';
import { useState } from 'react';
import type { PropertyFormResult } from './property-types';
import { loadEnquiryChecks, useEnquiryForm } from './use-enquiry-form';
import { ViewingTimes } from './viewing-times';

interface EnquiryFormProps {
  actionData: PropertyFormResult;
  /** The signed-in visitor, whose name and e-mail address fill the form. */
  user: { name: string; email: string } | null;
  /** Whether the listing still takes enquiries (available or under offer). */
  isOpen: boolean;
}

/** 'Contact the lister': a message, optionally with days for a viewing, sent by e-mail. */
// size: markup: the form's fields; its state and checks are in useEnquiryForm
export function EnquiryForm({ actionData, user, isOpen }: EnquiryFormProps) {
  const {
    result,
    failure,
    clientErrors,
    values,
    fields,
    isSending,
    statusRef,
    clientAlertRef,
    checkBeforeSending,
  } = useEnquiryForm(actionData);
  const [wantsViewing, setWantsViewing] = useState(values.wantsViewing === 'on');
  if (!isOpen) return null;
  return (
    <section aria-labelledby="contact-lister" className="property__enquiry">
      <h2 id="contact-lister">Contact the lister</h2>
      <p className="hint">
        Never pay a deposit or any money before you have viewed the property in person. Report a
        listing that asks you to.
      </p>
      {result?.status === 'sent' ? (
        <div className="alert alert--success" role="status" tabIndex={-1} ref={statusRef}>
          <p>
            Your message has been sent to the lister. We will e-mail you when they reply: read and
            answer in Messages, signed in with this e-mail address.
          </p>
        </div>
      ) : (
        <Form
          method="post"
          className="form"
          noValidate
          preventScrollReset
          onSubmit={checkBeforeSending}
          onFocus={() => void loadEnquiryChecks()}
        >
          <input type="hidden" name="intent" value="enquiry" />
          {clientErrors ? (
            <div className="alert alert--error" role="alert" tabIndex={-1} ref={clientAlertRef}>
              <p>Check the highlighted fields.</p>
            </div>
          ) : failure ? (
            <div className="alert alert--error" role="alert" tabIndex={-1} ref={statusRef}>
              <p>{failure.error}</p>
            </div>
          ) : null}
          <SenderFields
            idPrefix="enquiry"
            values={{
              name: values.name ?? user?.name,
              email: values.email ?? user?.email,
              phone: values.phone,
            }}
            errors={fields}
            phoneLabel="Phone (optional)"
          />
          <Field id="enquiry-message" label="Message" error={fields.message}>
            {(control) => (
              <textarea {...control} name="message" required defaultValue={values.message} />
            )}
          </Field>
          <Checkbox
            name="wantsViewing"
            label="I would like to arrange a viewing"
            checked={wantsViewing}
            onChange={setWantsViewing}
            // aria-controls may only name an element that exists: the times show once ticked.
            controls={wantsViewing ? 'enquiry-viewing-times' : undefined}
          />
          {wantsViewing ? <ViewingTimes values={values} fields={fields} /> : null}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor="enquiry-website">Leave this empty</label>
            <input id="enquiry-website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          <p>
            <Button type="submit" disabled={isSending}>
              {isSending ? 'Sending…' : 'Send message'}
            </Button>
          </p>
        </Form>
      )}
    </section>
  );
}
