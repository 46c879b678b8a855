import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { ApiCustomer } from '#domain/api/customers';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { RowMenu, type RowMenuItem } from '../../../components/row-menu.tsx';
import { orderingParam, SortHeader, type SortState } from '../../../components/sort-header.tsx';
import { formatDate } from '../../../lib/format.ts';
import { allItems } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCustomers, type CustomerSortField } from '../api/list-customers.ts';
import { fullName } from '../customer-values.ts';
import '../customers.css';

type Sort = SortState<CustomerSortField>;

const PHONE_SORTS: { value: string; label: string }[] = [
  { value: 'name', label: 'Name (A to Z)' },
  { value: '-name', label: 'Name (Z to A)' },
  { value: 'email', label: 'E-mail (A to Z)' },
  { value: '-email', label: 'E-mail (Z to A)' },
  { value: 'created_at', label: 'Date Added (oldest first)' },
  { value: '-created_at', label: 'Date Added (newest first)' },
];

function sortFromParam(value: string): Sort {
  const field = value.replace(/^-/, '') as CustomerSortField;
  return { field, direction: value.startsWith('-') ? 'desc' : 'asc' };
}

/** Lets a long address wrap after the "@" rather than mid-word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** A narrow column breaks "+44 7700 900123" after "7700" at most, never after "+44". */
function keepCountryCode(phone: string): string {
  return phone.replace(' ', '\u00a0');
}

function customerMenu(customer: ApiCustomer): RowMenuItem[] {
  return [
    { label: 'Edit', link: { to: '/edit-customer/$id', params: { id: customer.id } } },
    { label: 'View', link: { to: '/details/$id', params: { id: customer.id } } },
    { label: 'Add Booking', link: { to: '/add-booking', search: { customerId: customer.id } } },
  ];
}

/**
 * /customers/list: searched, sorted and paged by the server; a table on tablets and desktops,
 * cards with a sort select on phones (CSS shows one). Readable offline from the persisted cache.
 */
export function CustomerListPage() {
  const navigate = useNavigate();
  const searchId = useId();
  const sortId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ field: 'name', direction: 'asc' });
  const debounced = useDebouncedValue(search.trim());
  const query = useCustomers({ search: debounced, ordering: orderingParam(sort) });
  const customers = allItems(query.data?.pages);
  const lastPage = query.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  const open = (customer: ApiCustomer) => void navigate({ to: '/details/$id', params: { id: customer.id } });

  return (
    <div className="page customer-list">
      <PageHeader
        title="Customer List"
        description="Search, sort and manage your customers."
        actions={
          <Link to="/add-customer" className={buttonClass('primary')}>
            Add Customer
          </Link>
        }
      />
      <div className="customer-list__tools" role="search">
        <div className="field customer-list__search">
          <label className="field__label" htmlFor={searchId}>
            Search customers
          </label>
          <input
            id={searchId}
            className="field__input"
            type="search"
            placeholder="Name, e-mail, phone or national ID"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field customer-list__sort">
          <label className="field__label" htmlFor={sortId}>
            Sort by
          </label>
          <select
            id={sortId}
            className="field__input field__select"
            value={orderingParam(sort)}
            onChange={(event) => setSort(sortFromParam(event.target.value))}
          >
            {PHONE_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {query.data ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {customers.length === 0 ? (
            <EmptyState message={debounced ? 'No customers match your search.' : 'No customers yet.'}>
              {debounced ? null : <p>Add your first customer with the Add Customer button.</p>}
            </EmptyState>
          ) : (
            <div aria-busy={query.isPlaceholderData}>
              <div className="table-frame customer-table">
                <table className="table">
                  <caption className="visually-hidden">Customers, sorted by the column marked</caption>
                  <thead>
                    <tr>
                      <SortHeader field="name" label="Name" sort={sort} onSort={setSort} />
                      <SortHeader field="email" label="E-mail" sort={sort} onSort={setSort} />
                      <th scope="col">Phone</th>
                      <th scope="col" className="customer-table__wrap">
                        National ID
                      </th>
                      <SortHeader field="created_at" label="Date Added" sort={sort} onSort={setSort} />
                      <th scope="col" className="table__cell--actions">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {customers.map((customer) => (
                      <tr key={customer.id} className="table__row--link" onClick={() => open(customer)}>
                        <td>
                          <Link
                            to="/details/$id"
                            params={{ id: customer.id }}
                            className="customer-table__name"
                            onClick={(event) => event.stopPropagation()}
                          >
                            {fullName(customer)}
                          </Link>
                        </td>
                        <td className="customer-table__email">
                          <BreakableEmail email={customer.email} />
                        </td>
                        <td>{keepCountryCode(customer.phone_number)}</td>
                        <td>{customer.national_id ?? ''}</td>
                        <td className="customer-table__nowrap">{formatDate(customer.created_at)}</td>
                        <td className="table__cell--actions">
                          <RowMenu label={`Actions for ${fullName(customer)}`} items={customerMenu(customer)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="customer-cards" aria-label="Customers">
                {customers.map((customer) => (
                  <li key={customer.id}>
                    <article className="customer-card">
                      <div className="customer-card__heading">
                        <h2 className="customer-card__title">
                          <Link to="/details/$id" params={{ id: customer.id }} className="customer-card__link">
                            {fullName(customer)}
                          </Link>
                        </h2>
                        <RowMenu label={`Actions for ${fullName(customer)}`} items={customerMenu(customer)} />
                      </div>
                      <dl className="details-facts details-facts--compact">
                        <div className="details-facts__item">
                          <dt>E-mail</dt>
                          <dd>{customer.email}</dd>
                        </div>
                        <div className="details-facts__item">
                          <dt>Phone</dt>
                          <dd>{customer.phone_number}</dd>
                        </div>
                        <div className="details-facts__item">
                          <dt>National ID</dt>
                          <dd>{customer.national_id ?? '—'}</dd>
                        </div>
                        <div className="details-facts__item">
                          <dt>Date Added</dt>
                          <dd>{formatDate(customer.created_at)}</dd>
                        </div>
                      </dl>
                    </article>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <LoadMore
            shown={customers.length}
            total={total}
            totalCapped={lastPage?.totalCapped}
            noun="customers"
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading customers..."
          failure="The customers could not be loaded."
          offline="The customers will appear when the connection returns."
        />
      )}
    </div>
  );
}
