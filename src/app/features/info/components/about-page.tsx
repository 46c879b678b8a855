import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { Icon, ICONS } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import '../info.css';

/** /about: who we are, and what each audience of SPEC §1 can do here. */
export function AboutPage() {
  return (
    <div className="page info-page">
      <PageHeader title="About Us" description="Fleet Rental connects travellers with trusted local rental agencies." />

      <section className="panel info-prose" aria-labelledby="about-who">
        <h2 id="about-who" className="info-heading">
          Who we are
        </h2>
        <p>
          Fleet Rental brings independent local rental agencies and their cars, vans and people carriers together in one
          place, so you can see what is free near you, compare prices and ask for the vehicle you want in a couple of
          minutes.
        </p>
        <p>
          We check every agency before its vehicles are listed. Prices are set by the agency and shown per day before
          you ask for anything, and nothing is booked until the agency has accepted your request and you have confirmed
          it.
        </p>
      </section>

      <div className="info-grid">
        <section className="panel info-card" aria-labelledby="about-visitors">
          <span className="info-card__icon">
            <Icon icon={ICONS.car} />
          </span>
          <h2 id="about-visitors" className="info-heading">
            Visitors
          </h2>
          <p>Browse the available vehicles, search by make, model or colour, and ask to book one without an account.</p>
          <Link to="/" className={buttonClass('secondary', 'sm')}>
            Browse vehicles
          </Link>
        </section>
        <section className="panel info-card" aria-labelledby="about-customers">
          <span className="info-card__icon">
            <Icon icon={ICONS.userPlus} />
          </span>
          <h2 id="about-customers" className="info-heading">
            Customers
          </h2>
          <p>
            Send booking requests, follow their status, confirm an accepted request online with your license and
            deposit, and find all your bookings in one list.
          </p>
          <Link to="/register-customer" className={buttonClass('secondary', 'sm')}>
            Create an account
          </Link>
        </section>
        <section className="panel info-card" aria-labelledby="about-partners">
          <span className="info-card__icon">
            <Icon icon={ICONS.building} />
          </span>
          <h2 id="about-partners" className="info-heading">
            Partner agencies
          </h2>
          <p>
            List your fleet, answer booking requests, and keep customers and bookings in order — from the office or a
            tablet on the yard, even when the signal drops.
          </p>
          <Link to="/agent-signup" className={buttonClass('secondary', 'sm')}>
            Become a Partner
          </Link>
        </section>
      </div>

      <section className="panel info-prose" aria-labelledby="about-how">
        <h2 id="about-how" className="info-heading">
          How booking works
        </h2>
        <ol className="info-steps">
          <li>Choose a vehicle and your dates, and send a request.</li>
          <li>The agency checks the vehicle is free and accepts or declines your request.</li>
          <li>Confirm an accepted request online: upload your driver&apos;s license and choose to pay the deposit.</li>
        </ol>
        <p>
          Questions? <Link to="/contact">Contact us</Link>.
        </p>
      </section>
    </div>
  );
}
