import { formatEuro } from '../../../shared/euro';
import type { PriceListLine } from '../../../shared/price-list';
import { differsFromPriceList } from './slot-editor-rows';

/** 'From the price list: Skin prick test — €180': where a new slot's price comes from. */
export const priceListText = (priceLine: PriceListLine) =>
  `From the price list: ${priceLine.service} — ${formatEuro(priceLine.amount)}`;

/**
 * A warning under a price that is not the price list's (the fees page would then say another price than the
 * one charged); saving it is allowed. Nothing when it is, or when the kind costs no line of the list.
 */
export function PriceListWarning({
  id,
  price,
  priceLine,
}: {
  id: string;
  price: string | undefined;
  priceLine: PriceListLine | null;
}) {
  if (price === undefined || !priceLine || !differsFromPriceList(price, priceLine)) return null;
  return (
    <p id={id} className="price-list-warning">
      Not the price list’s {formatEuro(priceLine.amount)} ({priceLine.service}). Patients pay the slot’s
      price.
    </p>
  );
}
