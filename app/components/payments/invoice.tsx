import { Link } from "@remix-run/react";
import { Button, Flex, Heading, Text, useHydrated } from "~/components/ui";
import { COMPANY } from "./company";

/** The platform's mark: inline SVG, nothing to download, prints crisply. */
export function PlatformLogo() {
  return (
    <svg width="176" height="40" viewBox="0 0 176 40" role="img" aria-label={COMPANY.name}>
      <rect x="0" y="2" width="36" height="36" rx="8" fill="#3e63dd" />
      <path d="M9 29V12l9 10 9-10v17" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinejoin="round" strokeLinecap="round" />
      <text x="46" y="27" fontFamily="system-ui, sans-serif" fontSize="18" fontWeight="700" fill="#1c2024">
        Marketplace
      </text>
    </svg>
  );
}

/** Rendered only after hydration: without JavaScript the page is already print-styled. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button type="button" onClick={() => window.print()}>
      Print
    </Button>
  );
}

export type InvoiceLine = { label: string; value: string; strong?: boolean };

export function InvoiceSheet({
  title,
  number,
  date,
  parties,
  service,
  lines,
  backTo,
}: {
  title: string;
  number: string;
  date: string;
  parties: { heading: string; lines: string[] }[];
  service: { type: string; offering: string; orderId: string };
  lines: InvoiceLine[];
  backTo: string;
}) {
  return (
    <div className="invoice-page">
      <style>{INVOICE_CSS}</style>
      <Flex className="invoice-actions" gap="2" justify="end" mb="3">
        <Button asChild variant="soft" color="gray">
          <Link to={backTo}>Back to Payments</Link>
        </Button>
        <PrintButton />
      </Flex>
      <article className="invoice-sheet" aria-labelledby="invoice-title">
        <header className="invoice-head">
          <div>
            <PlatformLogo />
            <address className="invoice-address">
              <strong>{COMPANY.name}</strong>
              {COMPANY.addressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
              <span>GSTIN {COMPANY.gstin}</span>
              <span>{COMPANY.email}</span>
            </address>
          </div>
          <div className="invoice-meta">
            <Heading as="h1" size="6" id="invoice-title">
              {title}
            </Heading>
            <dl>
              <dt>Invoice No.</dt>
              <dd>{number}</dd>
              <dt>Date</dt>
              <dd>{date}</dd>
              <dt>Order Id</dt>
              <dd>{service.orderId}</dd>
            </dl>
          </div>
        </header>
        <div className="invoice-parties">
          {parties.map((party) => (
            <section key={party.heading}>
              <Text as="p" size="1" weight="bold" color="gray">
                {party.heading}
              </Text>
              {party.lines.map((line) => (
                <Text as="p" size="2" key={line}>
                  {line}
                </Text>
              ))}
            </section>
          ))}
        </div>
        <table className="invoice-table">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{service.type}</td>
              <td>{service.offering}</td>
            </tr>
          </tbody>
        </table>
        <table className="invoice-totals" aria-label="Amounts">
          <tbody>
            {lines.map((line) => (
              <tr key={line.label} className={line.strong ? "strong" : undefined}>
                <th scope="row">{line.label}</th>
                <td>{line.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Text as="p" size="1" color="gray" className="invoice-foot">
          This is a computer-generated invoice. Amounts in Indian Rupees (INR).
        </Text>
      </article>
    </div>
  );
}

const INVOICE_CSS = `
.invoice-sheet { background: #fff; color: #1c2024; max-width: 800px; margin: 0 auto; padding: 32px; border-radius: 8px; box-shadow: var(--shadow-2); }
.invoice-head { display: flex; justify-content: space-between; gap: 24px; flex-wrap: wrap; border-bottom: 2px solid #3e63dd; padding-bottom: 16px; }
.invoice-address { font-style: normal; display: flex; flex-direction: column; font-size: 13px; margin-top: 8px; line-height: 1.5; }
.invoice-meta { text-align: right; }
.invoice-meta dl { display: grid; grid-template-columns: auto auto; gap: 2px 12px; margin: 8px 0 0; font-size: 14px; }
.invoice-meta dt { color: #60646c; }
.invoice-meta dd { margin: 0; font-weight: 600; }
.invoice-parties { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; margin: 20px 0; }
.invoice-parties p { margin: 0; }
.invoice-table, .invoice-totals { width: 100%; border-collapse: collapse; font-size: 14px; }
.invoice-table th, .invoice-table td { border-bottom: 1px solid #e0e1e6; padding: 8px; text-align: left; }
.invoice-totals { margin-top: 16px; width: auto; margin-left: auto; min-width: 320px; }
.invoice-totals th { text-align: left; font-weight: 400; padding: 6px 16px 6px 0; }
.invoice-totals td { text-align: right; padding: 6px 0; font-variant-numeric: tabular-nums; }
.invoice-totals tr.strong th, .invoice-totals tr.strong td { font-weight: 700; border-top: 2px solid #1c2024; }
.invoice-foot { margin-top: 24px; }
@media print {
  .invoice-actions, .filter-panel, .skip-link { display: none !important; }
  .content { padding: 0 !important; margin: 0 !important; }
  .invoice-sheet { box-shadow: none; max-width: none; padding: 0; }
  @page { margin: 16mm; }
}
`;
