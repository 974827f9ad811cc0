import { useId, useState, type FormEvent } from 'react';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/**
 * The "Get in Touch" form. There is no submission endpoint yet: submitting keeps the
 * visitor on the page, hands the message to `onSubmit` (by default the browser console, as the spec says) and
 * thanks them.
 */
export function ContactForm({ onSubmit = logMessage }: { onSubmit?: (message: ContactMessage) => void }) {
  const id = useId();
  const [sent, setSent] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      message: String(data.get('message') ?? ''),
    });
    setSent(true);
    event.currentTarget.reset();
  }

  return (
    <form className="card form" onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Get in Touch</h2>
      <p className="muted">Send us a message and we'll reply within two working days.</p>
      <div className="field">
        <label htmlFor={`${id}-name`}>Your Name</label>
        <input id={`${id}-name`} name="name" type="text" autoComplete="name" placeholder="Jane Doe" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Your Email</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="jane@example.com"
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Your Message</label>
        <textarea id={`${id}-message`} name="message" rows={6} placeholder="How can we help you today?" required />
      </div>
      <button type="submit" className="button button--primary">
        Send message
      </button>
      <p className="form__status" role="status">
        {sent ? 'Thank you! Your message is ready for our team.' : ''}
      </p>
    </form>
  );
}

function logMessage(message: ContactMessage) {
  // The product's stand-in for a real endpoint; info level keeps the console free of warnings.
  // eslint-disable-next-line no-console -- logging the message is the specified behaviour until an endpoint exists
  console.info('Contact form submitted', message);
}
