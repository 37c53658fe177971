import { useLayoutEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { formatJalali, formatToman, localMobile, PRINT_KINDS, toPersianDigits, type OrderPrint } from '@sorkhab/shared';
import { paidInTest } from '../../features/admin/orders';
import { apiOf } from '../../lib/context';
import type { Route } from './+types/print';

type PrintKind = (typeof PRINT_KINDS)[number];
type PrintedOrder = OrderPrint['orders'][number];
type Shop = OrderPrint['shop'];

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.kind === 'label' ? 'برچسب ارسال' : 'فاکتور'} | پنل مدیریت سرخاب` }, { name: 'robots', content: 'noindex' },
];

/**
 * Invoices (A5) or packing labels (10×15 cm) of the orders in `?ids=1,2,3`, one per printed page. Rendered on the
 * server with the admin's cookie: the page prints (or saves as PDF) as it arrives, the QR codes are the API's SVG.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind: PrintKind = url.searchParams.get('kind') === 'label' ? 'label' : 'invoice';
  const res = await apiOf(context).call('GET /Order/Print', { query: { ids: (url.searchParams.get('ids') ?? '').split(',') } });
  return { kind, print: res.success ? res.data : null, error: res.success ? null : res.error.message, status: res.status };
}

const fa = (v: string | number) => toPersianDigits(v);
const mobileFa = (m: string) => fa(localMobile(m));

export default function PrintPage({ loaderData }: Route.ComponentProps) {
  const { kind, print, error, status } = loaderData;
  return (
    <div className="print-root" data-kind={kind}>
      <style>{PRINT_CSS[kind]}</style>
      <div className="no-print toolbar">
        <Link to="/admin/orders">بازگشت به سفارش‌ها</Link>
        {print && (
          <>
            <span>{fa(print.orders.length)} {kind === 'label' ? 'برچسب' : 'فاکتور'}</span>
            <button type="button" onClick={() => window.print()}>چاپ</button>
          </>
        )}
      </div>
      {!print ? (
        <main className="sheet">
          <h1>چاپ {kind === 'label' ? 'برچسب' : 'فاکتور'} ممکن نشد</h1>
          <p role="alert">{error}</p>
          {status === 401 && <p><Link to="/admin">ورود به پنل مدیریت</Link></p>}
        </main>
      ) : (
        <main>
          {print.orders.map((o) => (kind === 'label' ? <Label key={o.id} shop={print.shop} order={o} /> : <Invoice key={o.id} shop={print.shop} order={o} />))}
        </main>
      )}
    </div>
  );
}

function Qr({ order, size }: { order: PrintedOrder; size: 'sm' | 'lg' }) {
  // The API renders the SVG from the order number (digits only): markup, no script.
  return <div className={`qr qr-${size}`} role="img" aria-label={`کد QR سفارش ${fa(order.number)}`} dangerouslySetInnerHTML={{ __html: order.qrSvg }} />;
}

/** Why an order is not a sale, if it is not: cancelled, refunded, or «paid» on a gateway that took no money. */
const NOT_SOLD: Partial<Record<PrintedOrder['status'], string>> = {
  cancelled: 'این سفارش لغو شده است',
  refunded: 'مبلغ این سفارش بازپرداخت شده است',
};
const notSold = (o: PrintedOrder) => NOT_SOLD[o.status] ?? (paidInTest(o) ? 'پرداخت آزمایشی: پولی دریافت نشده است' : undefined);

function Invoice({ shop, order: o }: { shop: Shop; order: PrintedOrder }) {
  const why = notSold(o);
  return (
    <article className="sheet invoice" aria-label={`فاکتور سفارش ${fa(o.number)}`}>
      <header className="inv-head">
        <div>
          <h1>فاکتور فروش</h1>
          {/* A cancelled, refunded or test-paid order's sheet says so before anything else: it is no bill to be paid. */}
          {why && <p className="void" role="note">{why}؛ این برگه سند فروش نیست</p>}
          <p className="shop-name">{shop.storeName}</p>
          <p>{shop.address}</p>
          <p>تلفن: <bdi>{fa(shop.phone)}</bdi>{shop.email && <>، رایانامه: <bdi dir="ltr">{shop.email}</bdi></>}</p>
        </div>
        <div className="inv-meta">
          <Qr order={o} size="sm" />
          <dl>
            <div><dt>شماره سفارش</dt><dd>{fa(o.number)}</dd></div>
            <div><dt>تاریخ</dt><dd>{formatJalali(o.paidAt ?? o.createdAt)}</dd></div>
          </dl>
        </div>
      </header>
      <section className="box">
        <h2>خریدار و گیرنده</h2>
        <p><b>{o.firstname} {o.lastname}</b>، موبایل: {mobileFa(o.mobile)}</p>
        <p>{o.province}، {o.city}، {o.address}، کد پستی: {fa(o.postalCode)}</p>
        {(o.shipping || o.trackingCode) && (
          <p data-testid="invoice-shipping">
            {o.shipping && <>روش ارسال: {o.shipping.name}</>}
            {o.shipping && o.trackingCode && '، '}
            {o.trackingCode && <>کد رهگیری: <bdi dir="ltr">{o.trackingCode}</bdi></>}
          </p>
        )}
      </section>
      <table className="lines">
        <thead>
          <tr><th scope="col">ردیف</th><th scope="col">کالا</th><th scope="col">تعداد</th><th scope="col">قیمت واحد</th><th scope="col">جمع</th></tr>
        </thead>
        <tbody>
          {o.items.map((it, i) => (
            <tr key={it.id}>
              <td>{fa(i + 1)}</td>
              <td>{it.title}{it.option && <span className="variant">{it.option}</span>}</td>
              <td>{fa(it.quantity)}</td>
              <td className="money">{formatToman(it.unitPrice)}</td>
              <td className="money">{formatToman(it.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="totals">
        <tbody>
          <tr><th scope="row">جمع کالاها</th><td className="money">{formatToman(o.subtotal)}</td></tr>
          {o.discount > 0 && <tr><th scope="row">تخفیف{o.discountCode ? ` (${o.discountCode})` : ''}</th><td className="money">− {formatToman(o.discount)}</td></tr>}
          <tr><th scope="row">هزینه ارسال</th><td className="money">{o.shippingFee ? formatToman(o.shippingFee) : 'رایگان'}</td></tr>
          <tr className="grand"><th scope="row">مبلغ قابل پرداخت</th><td className="money">{formatToman(o.total)}</td></tr>
        </tbody>
      </table>
      <p className="words">مبلغ به حروف: {o.totalInWords}</p>
      <footer className="inv-foot">با سپاس از خرید شما · {shop.storeName}</footer>
    </article>
  );
}

/** The smallest share of the label's type sizes a sheet may shrink to (body text 10pt → 5.5pt). */
const FIT_FLOOR = 0.55;

/**
 * Shrinks a label's type (its `--fit`, in steps of 5%) until the sheet holds all it says: a recipient's name and
 * address of the schema's longest, and a long sender's address, print whole on the one 10×15 cm page instead of
 * pushing the postal code, the mobile or the sender off it. Measured again once the web font is in, as it prints.
 */
function useFitToSheet(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const sheet = ref.current;
    if (!sheet) return;
    let live = true;
    const fit = () => {
      if (!live) return;
      let scale = 1;
      sheet.style.setProperty('--fit', '1');
      while (sheet.scrollHeight > sheet.clientHeight && scale > FIT_FLOOR) {
        scale = Math.round(scale * 100 - 5) / 100;
        sheet.style.setProperty('--fit', String(scale));
      }
      sheet.dataset.fit = String(scale);
    };
    fit();
    void document.fonts.ready.then(fit);
    return () => { live = false; };
  }, [ref]);
}

function Label({ shop, order: o }: { shop: Shop; order: PrintedOrder }) {
  const units = o.items.reduce((n, it) => n + it.quantity, 0);
  const why = notSold(o);
  const sheet = useRef<HTMLElement>(null);
  useFitToSheet(sheet);
  return (
    <article ref={sheet} className="sheet label" aria-label={`برچسب ارسال سفارش ${fa(o.number)}`}>
      <section className="to">
        <h1>گیرنده</h1>
        <p className="name">{o.firstname} {o.lastname}</p>
        <p>{o.province}، {o.city}</p>
        <p>{o.address}</p>
        <p>کد پستی: <b>{fa(o.postalCode)}</b></p>
        <p>موبایل: <b>{mobileFa(o.mobile)}</b></p>
        {/* Printed in a batch from the desk, such an order's label stops the packer: nothing to send. */}
        {why && <p className="void" role="note">{why}؛ ارسال نشود</p>}
      </section>
      <div className="label-mid">
        <Qr order={o} size="lg" />
        <dl>
          <div><dt>شماره سفارش</dt><dd className="big">{fa(o.number)}</dd></div>
          <div><dt>تاریخ</dt><dd>{formatJalali(o.paidAt ?? o.createdAt)}</dd></div>
          <div><dt>تعداد اقلام</dt><dd>{fa(units)}</dd></div>
          {/* Which carrier takes the parcel, and its code once shipped: the packer sorts the parcels by them. */}
          {o.shipping && <div><dt>ارسال با</dt><dd data-testid="label-shipping">{o.shipping.name}</dd></div>}
        </dl>
      </div>
      {/* A row of its own, on one line: Iran Post's codes have 24 digits, which wrapped beside the QR code. */}
      {o.trackingCode && <p className="tracking"><span>کد رهگیری:</span> <bdi dir="ltr">{o.trackingCode}</bdi></p>}
      <section className="from">
        <h2>فرستنده</h2>
        <p><b>{shop.storeName}</b>، <bdi>{fa(shop.phone)}</bdi></p>
        <p>{shop.address}</p>
      </section>
    </article>
  );
}

const BASE_CSS = `
body{background:#e9ecef}
.print-root{font-family:'Vazirmatn Variable',Tahoma,sans-serif;color:#111;line-height:1.7}
.print-root h1,.print-root h2{margin:0;font-weight:800}
.print-root p{margin:0}
.toolbar{display:flex;align-items:center;justify-content:space-between;gap:12px;max-width:148mm;margin:12px auto;padding:8px 12px;background:#fff;border-radius:8px}
.toolbar a{color:#a61e4d}
.toolbar button{background:#a61e4d;color:#fff;border:0;border-radius:6px;padding:6px 20px;font:inherit;cursor:pointer}
.sheet{background:#fff;margin:0 auto 16px;box-shadow:0 2px 12px #0002;box-sizing:border-box}
.qr svg{display:block;width:100%;height:100%}
.qr-sm{width:24mm;height:24mm}
.qr-lg{width:34mm;height:34mm;flex:none}
dl{margin:0}
dl div{display:flex;gap:6px}
dt{color:#444}
dt::after{content:':'}
dd{margin:0;font-weight:700}
/* An order that is no sale: its invoice and its label say so in red. */
.void{margin:1mm 0;padding:1mm 2mm;border:2px solid #c92a2a;color:#c92a2a;font-weight:700;font-size:11pt}
`;

const INVOICE_CSS = `
@page{size:A5 portrait;margin:8mm}
.invoice{width:148mm;min-height:210mm;padding:8mm;font-size:9pt}
.inv-head{display:flex;justify-content:space-between;gap:6mm;border-bottom:2px solid #a61e4d;padding-bottom:3mm;margin-bottom:3mm}
.inv-head h1{font-size:14pt;color:#a61e4d}
.shop-name{font-weight:800;font-size:11pt}
.inv-meta{display:flex;flex-direction:column;align-items:flex-end;gap:2mm;flex:none}
.box{border:1px solid #ccc;border-radius:2mm;padding:2mm 3mm;margin-bottom:3mm}
.box h2{font-size:9pt;color:#444}
table{width:100%;border-collapse:collapse}
.lines th,.lines td{border:1px solid #bbb;padding:1.2mm 2mm;text-align:start;vertical-align:top}
.lines thead th{background:#f1f3f5}
.lines td:nth-child(1),.lines td:nth-child(3){text-align:center;width:10mm}
.variant{display:block;color:#444;font-size:8pt}
.money{white-space:nowrap}
.totals{width:65mm;margin-inline-start:auto;margin-top:3mm}
.totals th{text-align:start;font-weight:400;padding:0.8mm 2mm}
.totals td{text-align:end;padding:0.8mm 2mm}
.totals .grand th,.totals .grand td{font-weight:800;border-top:1.5px solid #111}
.words{margin-top:2mm;padding:2mm 3mm;background:#f8f9fa;border-radius:2mm}
.inv-foot{margin-top:5mm;text-align:center;color:#444;font-size:8pt}
@media print{
  body{background:#fff}
  .no-print{display:none}
  .invoice{width:auto;min-height:0;padding:0;margin:0;box-shadow:none}
  .invoice+.invoice{break-before:page}
  .lines tr,.totals,.words,.box,.inv-head{break-inside:avoid}
}
`;

const LABEL_CSS = `
@page{size:100mm 150mm;margin:4mm}
.toolbar{max-width:100mm}
/* On screen the sheet's inside is the printed page's (100 × 150 mm less 4 mm margins, 1 mm spare), so that the type
   shrunk to fit here (--fit, set by the page's script) fits on paper. */
.label{width:100mm;height:149mm;padding:4mm;display:flex;flex-direction:column;gap:3mm;font-size:calc(10pt * var(--fit, 1))}
.label h1,.label h2{font-size:calc(9pt * var(--fit, 1));color:#444}
.label .to{border:2px solid #111;border-radius:2mm;padding:3mm;flex:1 0 auto}
.label .void{margin-top:2mm;font-size:calc(11pt * var(--fit, 1))}
.label .name{font-size:calc(14pt * var(--fit, 1));font-weight:800}
.label-mid{display:flex;gap:4mm;align-items:center}
.label-mid dl{min-width:0}
.label dt{white-space:nowrap}
.label .tracking{font-size:calc(11pt * var(--fit, 1))}
.label .tracking span{white-space:nowrap}
.label .tracking bdi{font-weight:700;letter-spacing:.5px;overflow-wrap:anywhere}
.label .qr-lg{width:max(20mm, calc(34mm * var(--fit, 1)));height:max(20mm, calc(34mm * var(--fit, 1)))}
.label .big{font-size:calc(13pt * var(--fit, 1));letter-spacing:1px}
.label .from{border-top:1px dashed #555;padding-top:2mm;font-size:calc(8.5pt * var(--fit, 1))}
@media print{
  body{background:#fff}
  .no-print{display:none}
  /* Printed before the script has fitted it, a label too long for its page runs onto the next rather than losing
     its postal code or its sender under a clip. */
  .label{width:auto;height:auto;min-height:141mm;padding:0;margin:0;box-shadow:none}
  .label+.label{break-before:page}
}
`;

/** One kind per document: its @page size and its sheet's layout on screen and on paper. */
const PRINT_CSS: Record<PrintKind, string> = { invoice: BASE_CSS + INVOICE_CSS, label: BASE_CSS + LABEL_CSS };
