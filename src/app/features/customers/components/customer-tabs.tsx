import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ApiCustomer } from '#domain/api/customers';
import { formatDate } from '../../../lib/format.ts';
import { fullName } from '../customer-values.ts';
import { licenseOnFile, NO_LICENSE, OnFilePreview } from './license-picker.tsx';

type TabId = 'customer' | 'kin1' | 'kin2';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="details-facts__item">
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === '' ? 'Not provided' : value}</dd>
    </div>
  );
}

function KinPanel({ customer, number }: { customer: ApiCustomer; number: 1 | 2 }) {
  const first = customer[`next_of_kin${number}_first_name`];
  const last = customer[`next_of_kin${number}_last_name`];
  const idNumber = customer[`next_of_kin${number}_id_number`];
  const phone = customer[`next_of_kin${number}_phone`];
  if (![first, last, idNumber, phone].some((value) => value)) {
    return (
      <p className="details-empty">{number === 1 ? 'No Next of Kin 1 provided.' : 'No Next of Kin 2 provided.'}</p>
    );
  }
  return (
    <dl className="details-facts">
      <Fact label="Name" value={[first, last].filter(Boolean).join(' ')} />
      <Fact label="ID number" value={idNumber} />
      <Fact label="Phone" value={phone} />
    </dl>
  );
}

function CustomerPanel({ customer }: { customer: ApiCustomer }) {
  const license = licenseOnFile(customer);
  const address = [customer.street_address, customer.address_line2, customer.city, customer.country]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="details-customer">
      <dl className="details-facts">
        <Fact label="Title" value={customer.title} />
        <Fact label="Name" value={fullName(customer)} />
        <Fact label="Phone" value={customer.phone_number} />
        <Fact label="E-mail" value={customer.email} />
        <Fact label="National ID" value={customer.national_id} />
        <Fact label="Address" value={address} />
        <Fact label="Date Added" value={formatDate(customer.created_at)} />
        <Fact
          label="Last booking"
          value={customer.last_booking_date ? formatDate(customer.last_booking_date) : 'None yet'}
        />
      </dl>
      <div className="details-license">
        <h3 className="details-license__title">Driver&apos;s license</h3>
        <dl className="details-facts">
          <Fact label="Date of birth" value={formatDate(customer.date_of_birth)} />
          <Fact label="License number" value={customer.license_number} />
          <Fact label="License expiry" value={formatDate(customer.license_expiry)} />
        </dl>
        {license ? (
          <OnFilePreview license={license} alt={`Driver's license of ${fullName(customer)}`} />
        ) : (
          <p className="details-empty">{NO_LICENSE}</p>
        )}
      </div>
    </div>
  );
}

/** Customer, Kin 1 and (when there is one) Kin 2 as WAI-ARIA tabs: arrows, Home and End move between them. */
export function CustomerTabs({ customer }: { customer: ApiCustomer }) {
  const baseId = useId();
  const tabs: { id: TabId; label: string }[] = [
    { id: 'customer', label: 'Customer' },
    { id: 'kin1', label: 'Kin 1' },
    ...(customer.next_of_kin_2 ? [{ id: 'kin2' as const, label: 'Kin 2' }] : []),
  ];
  const [selected, setSelected] = useState<TabId>('customer');
  const active = tabs.some((tab) => tab.id === selected) ? selected : 'customer';
  const refs = useRef(new Map<TabId, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = tabs[moves[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    setSelected(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <section className="details-tabs panel" aria-label="Customer information">
      <div role="tablist" aria-label="Customer information" className="details-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            className="details-tabs__tab"
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${active}`}
        aria-labelledby={`${baseId}-tab-${active}`}
        tabIndex={0}
        className="details-tabs__panel"
      >
        {active === 'customer' ? (
          <CustomerPanel customer={customer} />
        ) : (
          <KinPanel customer={customer} number={active === 'kin1' ? 1 : 2} />
        )}
      </div>
    </section>
  );
}
