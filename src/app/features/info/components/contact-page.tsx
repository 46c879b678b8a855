import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import '../info.css';

// Fictional details: a phone number from Ofcom's range kept for drama, a reserved e-mail domain.
const PHONE = { display: '020 7946 0321', dial: '+442079460321' };
const EMAIL = 'hello@fleetrental.example';
const PARTNERS_EMAIL = 'partners@fleetrental.example';

const HOURS: [days: string, hours: string][] = [
  ['Monday to Friday', '08:00–19:00'],
  ['Saturday', '09:00–17:00'],
  ['Sunday and bank holidays', '10:00–16:00'],
];

/** /contact: how to reach us, when, and where to go for the two things people most often ask. */
export function ContactPage() {
  return (
    <div className="page info-page">
      <PageHeader
        title="Contact"
        description="Questions about a booking or about becoming a partner? Our team is happy to help."
      />

      <div className="info-grid info-grid--two">
        <section className="panel info-card" aria-labelledby="contact-reach">
          <h2 id="contact-reach" className="info-heading">
            How to reach us
          </h2>
          <address className="info-address">
            <span>Fleet Rental Ltd</span>
            <span>Depot Yard, 1 Example Street</span>
            <span>London EC1A 1BB</span>
            <span>United Kingdom</span>
          </address>
          <dl className="info-contacts">
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${PHONE.dial}`}>{PHONE.display}</a>
              </dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${EMAIL}`}>{EMAIL}</a>
              </dd>
            </div>
            <div>
              <dt>Partners</dt>
              <dd>
                <a href={`mailto:${PARTNERS_EMAIL}`}>{PARTNERS_EMAIL}</a>
              </dd>
            </div>
          </dl>
          <p className="info-note">We answer e-mails within one working day.</p>
        </section>

        <section className="panel info-card" aria-labelledby="contact-hours">
          <h2 id="contact-hours" className="info-heading">
            Opening hours
          </h2>
          <table className="info-hours">
            <caption className="info-note">Phone lines and the Depot Yard desk, UK time.</caption>
            <tbody>
              {HOURS.map(([days, hours]) => (
                <tr key={days}>
                  <th scope="row">{days}</th>
                  <td>{hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <section className="panel info-prose" aria-labelledby="contact-help">
        <h2 id="contact-help" className="info-heading">
          Quicker answers
        </h2>
        <ul className="info-links">
          <li>
            Run a rental agency? <Link to="/agent-signup">Register your agency</Link> and we will be in touch once we
            have reviewed it.
          </li>
          <li>
            Can&apos;t sign in? <Link to="/request/password_reset">Reset your password</Link> with the e-mail address of
            your account.
          </li>
          <li>Asked for a vehicle? Sign in and open Booking Requests to see whether the agency has answered.</li>
        </ul>
      </section>
    </div>
  );
}
