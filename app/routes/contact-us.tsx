import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { SenderFields } from '~/components/sender-fields';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';
import { optionsOf } from '@domain/labels';
import { formText } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/contact-us';

export function meta() {
  return [
    { title: 'Contact us | Roost' },
    {
      name: 'description',
      content: 'Get in touch with the Roost team. We reply within two working days.',
    },
  ];
}

type FieldName = 'name' | 'email' | 'phone' | 'topic' | 'message';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Record<FieldName, string> = {
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    topic: formText(form, 'topic'),
    message: formText(form, 'message'),
  };
  try {
    await context.marketplace.contact.submit({
      user: context.user,
      input: values,
      ip: context.clientIp,
      logger: context.logger,
    });
    return { status: 'sent' as const };
  } catch (error) {
    return formFailure(error, { status: 'error' as const, values });
  }
}

// size: markup: the contact form and its confirmation
export default function ContactUs({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSending = navigation.state === 'submitting';
  const summaryRef = useRef<HTMLDivElement>(null);
  const failure = actionData?.status === 'error' ? actionData : undefined;
  const fields: Partial<Record<FieldName, string>> = failure?.fields ?? {};
  const values: Partial<Record<FieldName, string>> = failure?.values ?? {};

  useEffect(() => {
    if (actionData) summaryRef.current?.focus();
  }, [actionData]);

  if (actionData?.status === 'sent') {
    return (
      <article className="content-page">
        <h1>Contact us</h1>
        <div className="alert alert--success" role="status" tabIndex={-1} ref={summaryRef}>
          <h2>Thank you, your message has been sent</h2>
          <p>We reply to every message within two working days, by e-mail.</p>
        </div>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </article>
    );
  }

  return (
    <article className="content-page">
      <h1>Contact us</h1>
      <p className="lead">
        Questions about listing, your account or something you have seen on Roost? Send us a message
        and we will reply by e-mail within two working days.
      </p>
      {failure ? (
        <div className="alert alert--error" role="alert" tabIndex={-1} ref={summaryRef}>
          <h2>There is a problem</h2>
          <p>{failure.error}</p>
        </div>
      ) : null}
      <Form method="post" className="form" noValidate>
        <SenderFields
          idPrefix="contact"
          values={values}
          errors={fields}
          emailHint="We will only use this to reply to you."
        />
        <SelectField
          id="contact-topic"
          label="What is it about?"
          error={fields.topic}
          name="topic"
          required
          defaultValue={values.topic ?? ''}
          placeholder="Choose a topic"
          isPlaceholderSelectable={false}
          options={optionsOf('contactTopic')}
        />
        <Field
          id="contact-message"
          label="Your message"
          hint="Please do not include passwords or bank details."
          error={fields.message}
        >
          {(control) => (
            <textarea
              {...control}
              name="message"
              required
              minLength={10}
              maxLength={5000}
              defaultValue={values.message}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={isSending}>
            {isSending ? 'Sending…' : 'Send message'}
          </Button>
        </div>
      </Form>
    </article>
  );
}
