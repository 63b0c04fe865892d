import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { CONTACT_TOPICS } from '@domain/contact/contact-topics';
import { LABELS } from '@domain/labels';
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
  const values = Object.fromEntries(
    (['name', 'email', 'phone', 'topic', 'message'] as const).map((field) => [
      field,
      String(form.get(field) ?? ''),
    ]),
  ) as Record<FieldName, string>;
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

  const describedBy = (field: FieldName, hint?: string) =>
    [hint, fields[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

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
        <div className="form-field">
          <label htmlFor="contact-name">Your name</label>
          {fields.name ? (
            <p className="field-error" id="name-error">
              {fields.name}
            </p>
          ) : null}
          <input
            id="contact-name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={values.name}
            aria-invalid={fields.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
        </div>
        <div className="form-field">
          <label htmlFor="contact-email">E-mail address</label>
          <span className="hint" id="email-hint">
            We will only use this to reply to you.
          </span>
          {fields.email ? (
            <p className="field-error" id="email-error">
              {fields.email}
            </p>
          ) : null}
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            defaultValue={values.email}
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={describedBy('email', 'email-hint')}
          />
        </div>
        <div className="form-field">
          <label htmlFor="contact-phone">Phone number (optional)</label>
          {fields.phone ? (
            <p className="field-error" id="phone-error">
              {fields.phone}
            </p>
          ) : null}
          <input
            id="contact-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone}
            aria-invalid={fields.phone ? true : undefined}
            aria-describedby={describedBy('phone')}
          />
        </div>
        <div className="form-field">
          <label htmlFor="contact-topic">What is it about?</label>
          {fields.topic ? (
            <p className="field-error" id="topic-error">
              {fields.topic}
            </p>
          ) : null}
          <select
            id="contact-topic"
            name="topic"
            required
            defaultValue={values.topic ?? ''}
            aria-invalid={fields.topic ? true : undefined}
            aria-describedby={describedBy('topic')}
          >
            <option value="" disabled>
              Choose a topic
            </option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {LABELS.contactTopic[topic]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="contact-message">Your message</label>
          <span className="hint" id="message-hint">
            Please do not include passwords or bank details.
          </span>
          {fields.message ? (
            <p className="field-error" id="message-error">
              {fields.message}
            </p>
          ) : null}
          <textarea
            id="contact-message"
            name="message"
            required
            minLength={10}
            maxLength={5000}
            defaultValue={values.message}
            aria-invalid={fields.message ? true : undefined}
            aria-describedby={describedBy('message', 'message-hint')}
          />
        </div>
        <div>
          <button type="submit" className="button" disabled={isSending}>
            {isSending ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </Form>
    </article>
  );
}
