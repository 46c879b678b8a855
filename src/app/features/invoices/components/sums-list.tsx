interface SumsListProps {
  label: string;
  /** The tax rate as the API sends it ("20.00"). */
  rate: string;
  subtotal: string;
  tax: string;
  total: string;
}

/** Subtotal, tax at the rate, and total, as formatted amounts. */
export function SumsList({ label, rate, subtotal, tax, total }: SumsListProps) {
  return (
    <dl className="invoice-sums" aria-label={label}>
      <div>
        <dt>Subtotal</dt>
        <dd>{subtotal}</dd>
      </div>
      <div>
        <dt>Tax ({Number(rate)}%)</dt>
        <dd>{tax}</dd>
      </div>
      <div className="invoice-sums__total">
        <dt>Total</dt>
        <dd>{total}</dd>
      </div>
    </dl>
  );
}
